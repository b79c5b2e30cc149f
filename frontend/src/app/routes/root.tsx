import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ConfirmDialogContainer } from '@/components/ui/confirm-dialog-container';
import { ToastContainer } from '@/components/ui/toast-container';

/** The root shell: toast container, confirm-dialog container and the routed screen. */
export function RootShell() {
  return (
    <>
      <ToastContainer />
      <ConfirmDialogContainer />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
