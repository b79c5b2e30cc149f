import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';
import { completedOrder, signInAsStaff } from './order-detail-fixtures';

beforeEach(signInAsStaff);
afterEach(() => vi.unstubAllGlobals());

/** A completed order's page with "Tạo đường dẫn mới" pressed; the server answers a new link. */
async function openRegenerateDialog() {
  const fetch = mockFetch((url) =>
    url.includes('/Order/RegenerateAccessLink')
      ? okEnvelope({ url: 'http://localhost:8080/order-detail?code=DH7K2M9QXA#token=new' })
      : okEnvelope(completedOrder),
  );
  renderApp('/admin/orders/o-1');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Tạo đường dẫn mới' }));
  const form = await screen.findByRole('dialog', {
    name: 'Tạo đường dẫn mới cho đơn DH7K2M9QXA',
  });
  return { fetch, user, form };
}

describe("admin order detail: codes, replacements and the customer's link", () => {
  it('reveals the codes in a dialog that says the view is logged', async () => {
    mockFetch((url) =>
      url.includes('/Order/RevealCodes')
        ? okEnvelope({
            items: [
              {
                itemId: 'i-1',
                productId: 'p-1',
                productName: 'Steam 100K',
                codes: [
                  {
                    id: 'c-1',
                    code: 'STEAM-AAAA-1111',
                    status: 'sold',
                    expiresAt: null,
                    replacement: false,
                    replaced: true,
                  },
                  {
                    id: 'c-2',
                    code: 'STEAM-BBBB-2222',
                    status: 'sold',
                    expiresAt: null,
                    replacement: false,
                    replaced: false,
                  },
                  {
                    id: 'c-3',
                    code: 'STEAM-CCCC-3333',
                    status: 'sold',
                    expiresAt: null,
                    replacement: true,
                    replaced: false,
                  },
                ],
              },
            ],
          })
        : okEnvelope(completedOrder),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xem mã' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Xem mã của đơn' });
    expect(confirmDialog).toHaveTextContent(/nhật ký kiểm tra/);
    await user.click(within(confirmDialog).getByRole('button', { name: 'Xem mã' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mã của đơn DH7K2M9QXA' });
    expect(
      within(dialog)
        .getAllByTestId('revealed-code')
        .map((node) => node.textContent),
    ).toEqual(['STEAM-AAAA-1111', 'STEAM-BBBB-2222', 'STEAM-CCCC-3333']);
    expect(within(dialog).getAllByTestId('revealed-code')[0]).toHaveAttribute(
      'data-replaced',
      'true',
    );
    expect(within(dialog).getByText('Steam 100K · mã thay thế')).toBeInTheDocument();
    expect(within(dialog).getByText(/đã được ghi vào nhật ký kiểm tra/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sao chép mã 1' })).toHaveAttribute(
      'data-copy-text',
      'STEAM-AAAA-1111',
    );
  });

  it('issues replacement codes for an item, and shows 404 when the state changed meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = () => errorEnvelope(409, 404, 'Đơn hàng không ở trạng thái cho phép thao tác này');
    const fetch = mockFetch((url) =>
      url.includes('/Order/ReplaceCodes') ? answer() : okEnvelope(completedOrder),
    );
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cấp mã thay thế' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cấp mã thay thế cho đơn DH7K2M9QXA',
    });
    const quantity = within(dialog).getByRole('textbox', { name: 'Số mã thay thế' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Mã lỗi');
    await user.click(within(dialog).getByRole('button', { name: 'Cấp mã' }));
    expect(await within(dialog).findByText('Số lượng từ 1 đến 2')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Cấp mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cấp mã thay thế' })).getByRole('button', {
        name: 'Cấp mã',
      }),
    );
    expect(
      await screen.findByText('Đơn hàng không ở trạng thái cho phép thao tác này'),
    ).toBeInTheDocument();

    answer = () => okEnvelope(completedOrder);
    await user.click(await within(dialog).findByRole('button', { name: 'Cấp mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cấp mã thay thế' })).getByRole('button', {
        name: 'Cấp mã',
      }),
    );
    expect(await screen.findByText('Đã cấp 1 mã thay thế cho đơn DH7K2M9QXA')).toBeInTheDocument();
    const call = fetch.mock.calls.findLast(([url]) => url.includes('/Order/ReplaceCodes'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', itemId: 'i-1', quantity: 1, reason: 'Mã lỗi' });
  });

  it('replaces the code the shopper reported when staff pick it', async () => {
    const sold = {
      ...completedOrder,
      items: completedOrder.items.map((item) => ({
        ...item,
        codes: [
          {
            id: 'c-1',
            maskedCode: 'STEA••••1111',
            serial: null,
            status: 'sold' as const,
            replacement: false,
            replaced: false,
          },
          {
            id: 'c-2',
            maskedCode: 'STEA••••2222',
            serial: 'SR-2',
            status: 'sold' as const,
            replacement: false,
            replaced: false,
          },
          {
            id: 'c-0',
            maskedCode: 'STEA••••0000',
            serial: null,
            status: 'sold' as const,
            replacement: false,
            replaced: true,
          },
        ],
      })),
    };
    const fetch = mockFetch(() => okEnvelope(sold));
    renderApp('/admin/orders/o-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cấp mã thay thế' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cấp mã thay thế cho đơn DH7K2M9QXA',
    });
    const pick = within(dialog).getByTestId('replace-codes-pick');
    // Only the codes the shopper still holds can be picked.
    expect(within(pick).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(pick).getByRole('checkbox', { name: 'STEA••••2222 · Seri SR-2' }));
    expect(within(dialog).getByRole('textbox', { name: 'Số mã thay thế' })).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Số mã thay thế' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Lý do' }), 'Khách báo mã lỗi');
    await user.click(within(dialog).getByRole('button', { name: 'Cấp mã' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cấp mã thay thế' })).getByRole('button', {
        name: 'Cấp mã',
      }),
    );
    expect(await screen.findByText('Đã cấp 1 mã thay thế cho đơn DH7K2M9QXA')).toBeInTheDocument();
    const call = fetch.mock.calls.findLast(([url]) => url.includes('/Order/ReplaceCodes'))!;
    expect(jsonBody(call[1])).toEqual({
      id: 'o-1',
      itemId: 'i-1',
      quantity: 1,
      reason: 'Khách báo mã lỗi',
      codeIds: ['c-2'],
    });
  });

  it('regenerates the customer link and shows it with a copy button', async () => {
    const { fetch, user, form } = await openRegenerateDialog();
    expect(
      within(form).getByRole('checkbox', { name: 'Gửi liên kết mới tới email của khách' }),
    ).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đường dẫn mới của đơn DH7K2M9QXA' });
    expect(within(dialog).getByRole('textbox', { name: 'Đường dẫn đơn hàng' })).toHaveValue(
      'http://localhost:8080/order-detail?code=DH7K2M9QXA#token=new',
    );
    expect(within(dialog).getByRole('button', { name: 'Sao chép đường dẫn' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('access-link-emailed')).not.toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('RegenerateAccessLink'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1' });
  });

  it('e-mails the new link to the customer when asked (sendEmail)', async () => {
    const { fetch, user, form } = await openRegenerateDialog();
    expect(within(form).getByText('Gửi tới an@example.com')).toBeInTheDocument();
    await user.click(
      within(form).getByRole('checkbox', { name: 'Gửi liên kết mới tới email của khách' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Tạo đường dẫn mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đường dẫn mới của đơn DH7K2M9QXA' });
    expect(within(dialog).getByTestId('access-link-emailed')).toHaveTextContent(
      'Một đường dẫn mới cũng đang được gửi tới an@example.com',
    );
    const call = fetch.mock.calls.find(([url]) => url.includes('RegenerateAccessLink'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'o-1', sendEmail: true });
  });
});
