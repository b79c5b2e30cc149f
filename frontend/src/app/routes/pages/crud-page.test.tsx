import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi as vitest } from 'vitest';
import { strings } from '@/i18n/vi';
import { renderApp } from '@/testing/render';

const rowNames = () => screen.getAllByTestId('products-row').map((row) => row.textContent ?? '');

describe('/pages/crud', () => {
  it('adds a product through the form dialog and says so', async () => {
    const fetch = vitest.fn();
    vitest.stubGlobal('fetch', fetch);
    renderApp('/pages/crud');
    expect(await screen.findAllByTestId('products-row')).toHaveLength(8);

    await userEvent.click(screen.getByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    await userEvent.type(within(dialog).getByLabelText(strings.products.form.name), 'Thẻ mẫu mới');
    await userEvent.type(within(dialog).getByLabelText(strings.products.form.price), '150.000');
    await userEvent.click(within(dialog).getByTestId('crud-save'));

    await waitFor(() => expect(screen.getAllByTestId('products-row')).toHaveLength(9));
    expect(rowNames()[0]).toContain('Thẻ mẫu mới');
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      strings.products.messages.created('Thẻ mẫu mới'),
    );
    // The template is in memory only.
    expect(fetch).not.toHaveBeenCalled();
    vitest.unstubAllGlobals();
  });

  it('keeps the list as it was when the form is invalid', async () => {
    renderApp('/pages/crud');
    await screen.findAllByTestId('products-row');
    await userEvent.click(screen.getByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    await userEvent.click(within(dialog).getByTestId('crud-save'));
    expect(
      await within(dialog).findByText(strings.products.validation.nameRequired),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('products-row')).toHaveLength(8);
  });

  it('deletes only after the confirm dialog is accepted', async () => {
    renderApp('/pages/crud');
    const [first] = await screen.findAllByTestId('products-row');
    const name = within(first).getAllByRole('paragraph')[0]?.textContent ?? '';
    const deleteButton = within(first).getByRole('button', {
      name: `${strings.products.actions.delete} ${name}`,
    });

    await userEvent.click(deleteButton);
    let dialog = await screen.findByRole('dialog', { name: strings.products.messages.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: strings.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('products-row')).toHaveLength(8);

    await userEvent.click(deleteButton);
    dialog = await screen.findByRole('dialog', { name: strings.products.messages.deleteTitle });
    await userEvent.click(
      within(dialog).getByRole('button', { name: strings.products.actions.delete }),
    );
    await waitFor(() => expect(screen.getAllByTestId('products-row')).toHaveLength(7));
    expect(rowNames().some((row) => row.includes(name))).toBe(false);
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      strings.products.messages.deleted(name),
    );
  });
});
