import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { plainFilterCodec, useListUrlState } from './use-list-url-state';

const INITIAL = { keyword: '', status: '' as '' | 'active' | 'hidden' };
const LIST = {
  codec: plainFilterCodec(INITIAL, { status: ['active', 'hidden'] as const }),
  sortFields: ['name', 'price'] as const,
};

type State = ReturnType<typeof useListUrlState<typeof INITIAL, 'name' | 'price'>>;

function mount(url: string) {
  const seen: { current: State | null } = { current: null };
  function Screen() {
    seen.current = useListUrlState(LIST);
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: '/admin/products', element: <Screen /> },
      { path: '/admin/products/:id', element: <p>detail</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const state = () => seen.current!;
  const search = () => router.state.location.search;
  return { router, state, search };
}

describe('useListUrlState', () => {
  it('reads filters, page, page size and sort from the URL, as after a reload', () => {
    const { state } = mount(
      '/admin/products?keyword=the&status=hidden&page=3&size=50&sort=price&dir=desc',
    );
    expect(state().filters).toEqual({ keyword: 'the', status: 'hidden' });
    expect(state().page).toEqual({ pageIndex: 3, pageSize: 50 });
    expect(state().sort).toEqual({ sortBy: 'price', sortDir: 'desc' });
  });

  it('ignores what a hand-edited link gets wrong instead of sending it to the server', () => {
    const { state } = mount(
      '/admin/products?status=deleted&page=-2&size=7&sort=password&dir=sideways',
    );
    expect(state().filters).toEqual({ keyword: '', status: '' });
    expect(state().page).toEqual({ pageIndex: 1, pageSize: 20 });
    expect(state().sort).toBeNull();
  });

  it('writes each change into the URL, back to page 1 on a filter or sort change, keeping other parameters', () => {
    const { state, search } = mount('/admin/products?productId=p-1');
    act(() => state().pageProps.onPageChange(4));
    expect(search()).toBe('?productId=p-1&page=4');
    act(() => state().setFilters({ keyword: 'steam', status: 'active' }));
    expect(search()).toBe('?productId=p-1&keyword=steam&status=active');
    act(() => state().pageProps.onPageChange(2));
    act(() => state().setSort({ sortBy: 'name', sortDir: 'asc' }));
    expect(search()).toBe('?productId=p-1&keyword=steam&status=active&sort=name&dir=asc');
    act(() => state().pageProps.onPageSizeChange(50));
    act(() => state().setFilters({ keyword: '', status: 'active' }));
    expect(search()).toBe('?productId=p-1&status=active&sort=name&dir=asc&size=50');
  });

  it('gives the same list back after a detail page and Back', async () => {
    const { router, state } = mount('/admin/products');
    act(() => state().setFilters({ keyword: '', status: 'hidden' }));
    act(() => state().pageProps.onPageChange(2));
    await act(() => router.navigate('/admin/products/p-9'));
    await act(() => router.navigate(-1));
    expect(state().filters.status).toBe('hidden');
    expect(state().page.pageIndex).toBe(2);
  });
});
