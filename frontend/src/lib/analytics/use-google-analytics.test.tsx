import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { GTAG_SCRIPT_ID } from './google-analytics';
import { useGoogleAnalytics } from './use-google-analytics';

function Tracker({ id }: { id: string | null }) {
  useGoogleAnalytics(id);
  return <Outlet />;
}

function renderAt(path: string, id: string | null) {
  const routes = [
    {
      path: '/',
      element: <Tracker id={id} />,
      children: [
        { index: true, element: <p>home</p> },
        { path: '*', element: <p>page</p> },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...render(<RouterProvider router={router} />), router };
}

/** The gtag calls recorded in dataLayer, as plain arrays. */
function calls(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function pageViews(): Record<string, unknown>[] {
  return calls()
    .filter((call) => call[0] === 'event' && call[1] === 'page_view')
    .map((call) => call[2] as Record<string, unknown>);
}

afterEach(() => {
  document.getElementById(GTAG_SCRIPT_ID)?.remove();
  delete window.dataLayer;
  delete window.gtag;
});

describe('useGoogleAnalytics', () => {
  it('injects gtag.js once with the id and turns automatic page views off', async () => {
    const { router, unmount } = renderAt('/', 'G-TEST123');
    await act(() => router.navigate('/order-detail'));
    unmount();
    // A second mount (another visit to the storefront shell) does not add a second script.
    renderAt('/', 'G-TEST123');

    const scripts = document.querySelectorAll(
      `script[src^="https://www.googletagmanager.com/gtag/js"]`,
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute(
      'src',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
    );
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);

    const configs = calls().filter((call) => call[0] === 'config');
    expect(configs).toHaveLength(1);
    expect(configs[0][1]).toBe('G-TEST123');
    expect(configs[0][2]).toMatchObject({ send_page_view: false });
  });

  it('loads nothing when the id is empty or missing', () => {
    renderAt('/', '');
    renderAt('/', null);
    renderAt('/', '   ');
    // The pages themselves rendered (with their effects run): nothing was loaded by them.
    expect(screen.getAllByText('home')).toHaveLength(3);
    expect(document.getElementById(GTAG_SCRIPT_ID)).toBeNull();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
  });

  it('refuses an id that is not a measurement id', () => {
    renderAt('/', 'G-1"><script>');
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
  });

  it('sends one page view per route change with the path only, never the query or fragment', async () => {
    const { router } = renderAt('/order-detail?code=DH12345678#token=secret-token', 'G-TEST123');
    await act(() => router.navigate('/?keyword=the+cao'));
    // Only the query changes: the same page, no new page view.
    await act(() => router.navigate('/?keyword=steam#top'));
    await act(() => router.navigate('/order-detail?code=DH87654321#token=other-secret'));

    const views = pageViews();
    expect(views.map((view) => view.page_path)).toEqual(['/order-detail', '/', '/order-detail']);
    for (const view of views) {
      expect(view.page_location).toBe(`${window.location.origin}${view.page_path as string}`);
      expect(view.send_to).toBe('G-TEST123');
    }
    const everything = JSON.stringify(calls());
    for (const secret of [
      'DH12345678',
      'DH87654321',
      'secret-token',
      'other-secret',
      'keyword',
      'the+cao',
      'steam',
      '#',
      '?',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
