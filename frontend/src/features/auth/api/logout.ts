import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { buildLoginUrlWithRedirect, clearToken, fullPath } from '@/lib/auth';

/** Logout: remove the token, drop cached data, go to login with `redirect` = current path. */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
    void navigate(buildLoginUrlWithRedirect(fullPath(location)), { replace: true });
  }, [navigate, location, queryClient]);
}
