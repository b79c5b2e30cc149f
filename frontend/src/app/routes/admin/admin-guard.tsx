import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { clearToken, decideAccess, readStoredToken } from '@/lib/auth';

function LoginRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    clearToken();
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/**
 * The spec's route guard, checked on every admin navigation: a missing or expired token
 * goes to login with `returnUrl`; staff on an admin-only screen get access denied.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const decision = decideAccess(location, readStoredToken());
  if (decision.kind === 'login') return <LoginRedirect to={decision.to} />;
  if (decision.kind === 'forbidden') return <Navigate to={decision.to} replace />;
  return children;
}
