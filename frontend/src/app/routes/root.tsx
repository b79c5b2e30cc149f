import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { ToastContainer } from '@/components/ui/toast-container';

/** The root shell: toast container, confirm-dialog container and the routed screen. */
export function RootShell() {
  return (
    <>
      <ToastContainer />
      <LazyConfirmDialog />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
