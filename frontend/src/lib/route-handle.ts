import { useMatches } from 'react-router-dom';

/** Flags a route may carry in its `handle`. */
export interface RouteHandle {
  /** The admin sidebar shows the menu on this route (spec: "flagged as an admin route"). */
  adminMenu?: boolean;
}

export function useRouteFlag(flag: keyof RouteHandle): boolean {
  return useMatches().some((match) => Boolean((match.handle as RouteHandle | undefined)?.[flag]));
}
