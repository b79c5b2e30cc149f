import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi as vitest } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { documentation, templatePages, uikit } from '@/i18n/vi/guide';
import { strings } from '@/i18n/vi';
import { setColorMode, type ColorMode } from '@/lib/theme/color-mode';
import { mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';
import { UIKIT_SECTIONS } from './sections';

afterEach(() => {
  vitest.unstubAllGlobals();
  setColorMode('light');
});

/** Every page of the style guide, the templates and the staff guide, with the heading it shows. */
const PAGES: { path: string; heading: string }[] = [
  { path: '/uikit', heading: uikit.title },
  ...UIKIT_SECTIONS.map((section) => ({
    path: `/uikit/${section}`,
    heading: uikit.sections[section].title,
  })),
  { path: '/admin/uikit/formlayout', heading: uikit.sections.formlayout.title },
  { path: '/pages/empty', heading: templatePages.empty.title },
  { path: '/pages/crud', heading: templatePages.crud.title },
  { path: '/documentation', heading: documentation.title },
];

const CASES = PAGES.flatMap((page) =>
  (['light', 'dark'] as ColorMode[]).map((mode) => ({ ...page, mode })),
);

describe('style guide, template pages and staff guide', () => {
  it.each(CASES)('renders $path in $mode mode without errors', async ({ path, heading, mode }) => {
    const errors = vitest.spyOn(console, 'error');
    mockFetch(() => okEnvelope([]));
    setColorMode(mode);

    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('admin-menu-placeholder')).toBeInTheDocument();
    expect(document.documentElement.classList.contains('app-dark')).toBe(mode === 'dark');
    expect(errors).not.toHaveBeenCalled();
  });

  it('lists every section on the index and opens one', async () => {
    const { router } = renderApp('/uikit');
    const nav = await screen.findByRole('navigation', { name: uikit.title });
    for (const section of UIKIT_SECTIONS)
      expect(within(nav).getByText(uikit.sections[section].title)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('uikit-link-timeline'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/uikit/timeline'));
    expect(await screen.findAllByTestId('order-event')).toHaveLength(5);
  });

  it('switches the theme from the page and keeps it', async () => {
    renderApp('/uikit/button');
    const switcher = await screen.findByTestId('uikit-color-mode');
    await userEvent.click(within(switcher).getByRole('button', { name: uikit.dark }));
    expect(document.documentElement.classList.contains('app-dark')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.colorMode)).toBe('"dark"');
  });

  it('opens the form layout page without a login, unlike the rest of /admin', async () => {
    const { router } = renderApp('/admin/uikit/formlayout');
    expect(await screen.findByTestId('uikit-formlayout')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/uikit/formlayout');
  });

  it('shows the zod messages of the product form and accepts nothing invalid', async () => {
    renderApp('/uikit/input');
    const form = await screen.findByTestId('demo-product-form');
    await userEvent.click(within(form).getByRole('button', { name: uikit.validate }));
    expect(
      await within(form).findByText(strings.products.validation.nameRequired),
    ).toBeInTheDocument();
    expect(within(form).getByText(strings.products.validation.priceRequired)).toBeInTheDocument();
    expect(screen.queryByText(uikit.valid)).not.toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(strings.products.form.name), 'Thẻ quà tặng');
    await userEvent.type(within(form).getByLabelText(strings.products.form.price), '120.000');
    await userEvent.click(within(form).getByRole('button', { name: uikit.validate }));
    expect(await screen.findByText(uikit.valid)).toBeInTheDocument();
  });

  it('asks with the real confirm dialog and reports the answer', async () => {
    renderApp('/uikit/overlay');
    await userEvent.click(await screen.findByTestId('demo-confirm'));
    const dialog = await screen.findByRole('dialog', { name: uikit.overlay.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: strings.common.cancel }));
    expect(await screen.findByTestId('demo-confirm-answer')).toHaveTextContent(
      uikit.overlay.rejected,
    );
  });

  it('shows each toast severity with its default title', async () => {
    renderApp('/uikit/message');
    await userEvent.click(await screen.findByTestId('demo-toast-warn'));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent(strings.toast.titles.warn);
    expect(toast).toHaveTextContent(uikit.message.sample.warn);
  });
});
