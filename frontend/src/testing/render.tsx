import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { registerUnauthorizedNavigation } from '@/app/router';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/api/query-client';

/** Renders the whole app at a URL with a fresh query client and an in-memory router. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  // As the real app does: an HTTP 401 on an admin call navigates this router to login.
  registerUnauthorizedNavigation(router);
  const queryClient = createQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Renders a component with the app's providers (theme, query client) inside a bare
 * in-memory router at `initialPath`: list screens keep their state in the URL.
 */
export function renderWithProviders(ui: ReactElement, initialPath = '/') {
  const queryClient = createQueryClient();
  return {
    ...render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[initialPath]}>{ui}</MemoryRouter>
      </AppProvider>,
    ),
    queryClient,
  };
}
