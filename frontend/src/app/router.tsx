import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { buildLoginUrlWithRedirect, fullPath } from '@/lib/auth';
import { routes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * After an HTTP 401 on an admin call the API client has already cleared the token;
 * the app then goes to login with `redirect` = the current path (spec section 8).
 */
export function registerUnauthorizedNavigation(
  router: Pick<AppRouter, 'state' | 'navigate'>,
): () => void {
  return setUnauthorizedHandler(() => {
    const { location } = router.state;
    if (location.pathname === paths.auth.login) return;
    void router.navigate(buildLoginUrlWithRedirect(fullPath(location)), { replace: true });
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  registerUnauthorizedNavigation(router);
  return router;
}

export function AppRouter({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
