import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { bodyText, errorEnvelope, jsonBody, mockFetch, okEnvelope } from '@/testing/fetch-mock';
import { makeSession } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import type { SerialCode } from '../api/types';

const available: SerialCode = {
  id: 'c-1',
  productId: 'p-1',
  productName: 'Thẻ Garena 100K',
  maskedCode: '••••••AB12',
  status: 'available',
  orderId: null,
  orderCode: null,
  expiresAt: null,
  note: 'Lô 1',
  createdAt: '2026-11-20T03:00:00Z',
  soldAt: null,
  serial: null,
};
const sold: SerialCode = {
  ...available,
  id: 'c-2',
  maskedCode: '••••••CD34',
  status: 'sold',
  orderId: 'o-1',
  orderCode: 'DH12345678',
  soldAt: '2026-11-21T03:00:00Z',
};

/** A year still ahead whenever the tests run (the expiry must be in the future). */
const LATER = new Date().getFullYear() + 2;

function page(items: SerialCode[]) {
  return okEnvelope({ items, totalCount: items.length, pageIndex: 1, pageSize: 20 });
}

function api(
  overrides: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return mockFetch((url, init) => {
    const answer = overrides(url, init);
    if (answer) return answer;
    if (url.includes('/Product/Read')) return okEnvelope({ id: 'p-1', name: 'Thẻ Garena 100K' });
    if (url.includes('/Product/Pagination'))
      return okEnvelope({
        items: [{ id: 'p-1', name: 'Thẻ Garena 100K' }],
        totalCount: 1,
        pageIndex: 1,
        pageSize: 20,
      });
    return page([available, sold]);
  });
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(makeSession()));
});
afterEach(() => vi.unstubAllGlobals());

describe('SerialCodesScreen', () => {
  it('filters by the product in ?productId= and shows masked codes with status chips', async () => {
    const fetch = api();
    renderApp('/admin/products/serial-codes?productId=p-1');
    const table = await screen.findByRole('table', { name: 'Danh sách mã serial' });
    expect(await within(table).findByText('••••••AB12')).toBeInTheDocument();
    expect(within(table).getByText('Còn hàng')).toBeInTheDocument();
    expect(within(table).getByText('Đã bán')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'DH12345678' })).toHaveAttribute(
      'href',
      '/admin/orders/o-1',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Sản phẩm' })).toHaveValue('Thẻ Garena 100K'),
    );
    // The e2e test reads the chosen product through this test id.
    expect(screen.getByTestId('serial-codes-product-filter').querySelector('input')).toHaveValue(
      'Thẻ Garena 100K',
    );
    expect(
      fetch.mock.calls.some(
        ([url]) =>
          url ===
          '/retailstore/api/admin/v1/ProductSerialCode/Pagination?pageIndex=1&pageSize=20&productId=p-1',
      ),
    ).toBe(true);

    // Reserved and sold codes cannot be edited or deleted.
    expect(within(table).getByRole('button', { name: 'Sửa ••••••CD34' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Xóa ••••••CD34' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Sửa ••••••AB12' })).toBeEnabled();
  });

  it('reveals a code only after confirmation and offers to copy it', async () => {
    const fetch = api((url) =>
      url.includes('/Reveal') ? okEnvelope({ code: 'GARENA-XYZ-AB12' }) : undefined,
    );
    renderApp('/admin/products/serial-codes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xem mã ••••••AB12' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xem mã serial' });
    expect(fetch.mock.calls.some(([url]) => url.includes('/Reveal'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Xem mã' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mã serial' });
    expect(within(dialog).getByTestId('serial-code-clear')).toHaveTextContent('GARENA-XYZ-AB12');
    const call = fetch.mock.calls.find(([url]) => url.includes('/Reveal'))!;
    expect(jsonBody(call[1])).toEqual({ id: 'c-1' });
    await user.click(within(dialog).getByRole('button', { name: 'Sao chép' }));
    expect(await navigator.clipboard.readText()).toBe('GARENA-XYZ-AB12');
  });

  it('explains 312 when a code was sold in the meantime', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api((url) =>
      url.includes('/ProductSerialCode/Delete') ? errorEnvelope(409, 312, 'Mã đã bán') : undefined,
    );
    renderApp('/admin/products/serial-codes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xóa ••••••AB12' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Xóa mã serial' })).getByRole('button', {
        name: 'Xóa',
      }),
    );
    expect(
      await screen.findByText(
        'Mã đang được giữ chỗ cho một đơn hàng hoặc đã bán nên không thể sửa hay xóa.',
      ),
    ).toBeInTheDocument();
  });

  it('edits only what changed', async () => {
    const fetch = api((url) =>
      url.includes('/ProductSerialCode/Update') ? okEnvelope(available) : undefined,
    );
    renderApp('/admin/products/serial-codes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sửa ••••••AB12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa mã serial' });
    await user.click(
      within(dialog).getByRole('switch', { name: 'Vô hiệu hóa (không bán mã này)' }),
    );
    await user.clear(within(dialog).getByRole('textbox', { name: 'Ghi chú' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sửa mã serial' })).not.toBeInTheDocument(),
    );
    const call = fetch.mock.calls.find(([url]) => url.includes('/ProductSerialCode/Update'))!;
    expect(call[1]!.method).toBe('PUT');
    expect(jsonBody(call[1])).toEqual({ id: 'c-1', note: null, status: 'disabled' });
  });

  it('sets the expiry typed as dd/mm/yyyy HH:mm, refuses 31/02 in Vietnamese, and clears it', async () => {
    const expiring = { ...available, expiresAt: new Date(2027, 5, 30, 8, 0).toISOString() };
    const fetch = mockFetch((url) => {
      if (url.includes('/ProductSerialCode/Update')) return okEnvelope(expiring);
      if (url.includes('/Product/Pagination'))
        return okEnvelope({ items: [], totalCount: 0, pageIndex: 1, pageSize: 20 });
      return page([expiring]);
    });
    renderApp('/admin/products/serial-codes');
    const user = userEvent.setup();
    const openEdit = async () => {
      await user.click(await screen.findByRole('button', { name: 'Sửa ••••••AB12' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sửa mã serial' });
      return { dialog, field: within(dialog).getByTestId('serial-code-expires-at') };
    };
    const updates = () =>
      fetch.mock.calls.filter(([url]) => url.includes('/ProductSerialCode/Update'));

    // The stored expiry shows day first, whatever the browser's language.
    let { dialog, field } = await openEdit();
    expect(field).toHaveValue('30/06/2027 08:00');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/yyyy HH:mm');

    // A day that does not exist: a Vietnamese message, nothing sent.
    await user.clear(field);
    await user.type(field, '31/02/2027 10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(
      await within(dialog).findByText(
        'Thời điểm hết hạn không có thật: nhập dạng dd/mm/yyyy HH:mm, ví dụ 31/12/2027 23:59',
      ),
    ).toBeInTheDocument();
    expect(updates()).toHaveLength(0);

    // Digits only (a phone's number pad) get their separators; the instant is that local moment.
    await user.clear(field);
    await user.type(field, `3112${LATER}2359`);
    expect(field).toHaveValue(`31/12/${LATER} 23:59`);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(jsonBody(updates()[0]?.[1])).toEqual({
      id: 'c-1',
      expiresAt: new Date(LATER, 11, 31, 23, 59).toISOString(),
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sửa mã serial' })).not.toBeInTheDocument(),
    );

    // Emptied: the code no longer expires.
    ({ dialog, field } = await openEdit());
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(jsonBody(updates()[1]?.[1])).toEqual({ id: 'c-1', expiresAt: null });
  });

  it('imports with an expiry typed as dd/mm/yyyy HH:mm', async () => {
    const fetch = api((url) =>
      url.includes('/CreateBulk')
        ? okEnvelope({ inserted: 1, duplicates: [], invalid: [] })
        : undefined,
    );
    renderApp('/admin/products/serial-codes?productId=p-1');
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Sản phẩm' })).toHaveValue('Thẻ Garena 100K'),
    );
    await user.click(screen.getByTestId('serial-codes-import-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Nhập mã serial' });
    await user.click(within(dialog).getByTestId('import-codes-text'));
    await user.paste('AAA-1');
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-preview')).toHaveAttribute('data-count', '1'),
    );
    const field = within(dialog).getByTestId('import-expires-at');
    await user.type(field, '1/1/2020 9:05');
    await user.tab();
    expect(field).toHaveValue('01/01/2020 09:05');
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(
      await within(dialog).findByText('Thời điểm hết hạn phải ở tương lai'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url.includes('/CreateBulk'))).toBe(false);

    await user.clear(field);
    await user.type(field, `31/12/${LATER} 23:59`);
    await user.click(within(dialog).getByTestId('import-submit'));
    await screen.findByTestId('import-result');
    const call = fetch.mock.calls.find(([url]) => url.includes('/CreateBulk'))!;
    expect(jsonBody(call[1])).toMatchObject({
      codes: ['AAA-1'],
      expiresAt: new Date(LATER, 11, 31, 23, 59).toISOString(),
    });
  });

  it('imports pasted codes and reports the result by line number', async () => {
    const fetch = api((url, init) => {
      if (!url.includes('/CreateBulk')) return undefined;
      const body = jsonBody<{ codes: string[] }>(init);
      return okEnvelope({
        inserted: 3,
        duplicates: [
          { index: 1, code: body.codes[1], reason: 'exists' },
          { index: 3, code: body.codes[3], reason: 'repeated' },
        ],
        invalid: [{ index: 4, reason: 'control_character' }],
      });
    });
    renderApp('/admin/products/serial-codes?productId=p-1');
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Sản phẩm' })).toHaveValue('Thẻ Garena 100K'),
    );
    await user.click(screen.getByTestId('serial-codes-import-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Nhập mã serial' });
    expect(within(dialog).getByTestId('import-product').querySelector('input')).toHaveValue(
      'Thẻ Garena 100K',
    );

    await user.click(within(dialog).getByTestId('import-codes-text'));
    await user.paste('AAA-1\r\n  BBB-2 \n\nCCC-3\nAAA-1\nBAD\u0007\nDDD-4\n');
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-preview')).toHaveAttribute('data-count', '6'),
    );
    expect(within(dialog).getByTestId('import-preview')).toHaveTextContent('Sẽ gửi 6 mã');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Ghi chú (không bắt buộc)' }),
      'Lô 2',
    );
    await user.click(within(dialog).getByTestId('import-submit'));

    const result = await screen.findByTestId('import-result');
    expect(within(result).getByTestId('import-result-inserted')).toHaveTextContent('Đã thêm 3 mã');
    const duplicates = within(result).getByTestId('import-result-duplicates');
    const rows = within(duplicates)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['2BBB-2Đã có trong kho', '5AAA-1Trùng trong tệp']);
    expect(within(result).getByTestId('import-result-invalid')).toHaveTextContent('6');
    expect(within(result).getByTestId('import-result-invalid')).toHaveTextContent(
      'Chứa ký tự điều khiển hoặc ký tự ẩn',
    );

    const call = fetch.mock.calls.find(([url]) => url.includes('/CreateBulk'))!;
    expect(jsonBody(call[1])).toEqual({
      productId: 'p-1',
      codes: ['AAA-1', 'BBB-2', 'CCC-3', 'AAA-1', 'BAD\u0007', 'DDD-4'],
      expiresAt: null,
      note: 'Lô 2',
    });
  });

  it('reads a CSV file, skipping its header', async () => {
    const fetch = api((url) =>
      url.includes('/CreateBulk')
        ? okEnvelope({ inserted: 2, duplicates: [], invalid: [] })
        : undefined,
    );
    renderApp('/admin/products/serial-codes?productId=p-1');
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Sản phẩm' })).toHaveValue('Thẻ Garena 100K'),
    );
    await user.click(screen.getByTestId('serial-codes-import-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Nhập mã serial' });
    await user.click(within(dialog).getByTestId('import-source-file'));
    const file = new File(['\uFEFFcode,note\r\nX-1,a\r\n"X,2",b\r\n'], 'codes.csv', {
      type: 'text/csv',
    });
    await user.upload(within(dialog).getByTestId('import-codes-file'), file);
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-preview')).toHaveAttribute('data-count', '2'),
    );
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await screen.findByText('Đã thêm 2 mã')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('/CreateBulk'))!;
    expect(jsonBody<{ codes: string[] }>(call[1]).codes).toEqual(['X-1', 'X,2']);
  });

  it("maps a supplier's Seri,Mã thẻ,Mệnh giá file and sends each card's serial with its PIN", async () => {
    const fetch = api((url) =>
      url.includes('/CreateBulk')
        ? okEnvelope({ inserted: 3, duplicates: [], invalid: [] })
        : undefined,
    );
    renderApp('/admin/products/serial-codes?productId=p-1');
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Sản phẩm' })).toHaveValue('Thẻ Garena 100K'),
    );
    await user.click(screen.getByTestId('serial-codes-import-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Nhập mã serial' });
    await user.click(within(dialog).getByTestId('import-source-file'));
    const rows = [
      'Seri,Mã thẻ,Mệnh giá',
      '1001,PIN-1,100000',
      ',,',
      '1002,PIN-2,100000',
      '1003,,100000',
      '1004,PIN-1,100000',
    ];
    await user.upload(
      within(dialog).getByTestId('import-codes-file'),
      new File([rows.join('\r\n')], 'the.csv', { type: 'text/csv' }),
    );
    const preview = within(dialog).getByTestId('import-preview');
    await waitFor(() => expect(preview).toHaveAttribute('data-count', '3'));
    expect(preview).toHaveAttribute('data-rows', '5');
    expect(preview).toHaveAttribute('data-empty', '1');
    expect(preview).toHaveAttribute('data-repeated', '1');
    expect(preview).toHaveTextContent('1 dòng không hợp lệ');
    expect(within(dialog).getByTestId('import-map-code')).toHaveValue('1');
    expect(within(dialog).getByTestId('import-map-serial')).toHaveValue('0');
    expect(within(dialog).getByTestId('import-map-expiry')).toHaveValue('-1');
    const table = within(dialog).getByTestId('import-preview-table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1001PIN-1100000');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['SeriCột 1: Seri', 'Mã thẻCột 2: Mã thẻ', 'Bỏ quaCột 3: Mệnh giá']);
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await screen.findByText('Đã thêm 3 mã')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('/CreateBulk'))!;
    expect(jsonBody<{ items: unknown[] }>(call[1]).items).toEqual([
      { code: 'PIN-1', serial: '1001' },
      { code: 'PIN-2', serial: '1002' },
      { code: 'PIN-1', serial: '1004' },
    ]);
    // The serial without its PIN is listed by its line, never sent.
    expect(screen.getByTestId('import-result-invalid')).toHaveTextContent(
      'Có seri nhưng thiếu mã thẻ (PIN)',
    );
  });

  it('asks for a product and codes before sending', async () => {
    const fetch = api();
    renderApp('/admin/products/serial-codes');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('serial-codes-import-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Nhập mã serial' });
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await within(dialog).findByText('Chọn sản phẩm')).toBeInTheDocument();
    expect(within(dialog).getByText('Dán danh sách mã hoặc chọn tệp')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url.includes('/CreateBulk'))).toBe(false);
  });

  it('searches a clear code with POST Search, never in a URL; an order code stays a list keyword', async () => {
    const fetch = api((url) =>
      url.includes('/Search') ? okEnvelope({ items: [available] }) : undefined,
    );
    const { router } = renderApp('/admin/products/serial-codes?productId=p-1');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Danh sách mã serial' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Mã serial, seri thẻ hoặc mã đơn hàng' }),
      'GARENA-XYZ-AB12',
    );
    const fullSearch = () =>
      fetch.mock.calls.find(
        ([url, init]) => url.includes('/Search') && bodyText(init).includes('GARENA-XYZ-AB12'),
      );
    await waitFor(() => expect(fullSearch()).toBeDefined());
    const [, init] = fullSearch()!;
    expect(init?.method).toBe('POST');
    expect(jsonBody(init)).toEqual({ code: 'GARENA-XYZ-AB12', productId: 'p-1' });
    expect(fetch.mock.calls.filter(([url]) => url.includes('GARENA'))).toEqual([]);
    expect(router.state.location.search).not.toContain('GARENA');
    const table = screen.getByRole('table', { name: 'Danh sách mã serial' });
    await waitFor(() => expect(within(table).queryByText('••••••CD34')).not.toBeInTheDocument());
    expect(within(table).getByText('••••••AB12')).toBeInTheDocument();

    await user.clear(
      screen.getByRole('searchbox', { name: 'Mã serial, seri thẻ hoặc mã đơn hàng' }),
    );
    await user.type(
      screen.getByRole('searchbox', { name: 'Mã serial, seri thẻ hoặc mã đơn hàng' }),
      'dh12345678',
    );
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) =>
            url.includes('/ProductSerialCode/Pagination') && url.includes('keyword=dh12345678'),
        ),
      ).toBe(true),
    );
    expect(
      fetch.mock.calls.some(
        ([url, init]) => url.includes('/Search') && bodyText(init).includes('dh12345678'),
      ),
    ).toBe(false);
  });
});
