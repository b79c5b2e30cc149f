import { useState } from 'react';
import { PAGE_SIZE } from '@/config/limits';

/**
 * The page of a server-paged list (1-based, as the API counts). `pageProps` goes to the
 * table; `firstPage` is for a filter or sort change.
 */
export function useTablePage() {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: PAGE_SIZE.default });
  const firstPage = () => setPage((prev) => ({ ...prev, pageIndex: 1 }));
  const pageProps = {
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    onPageChange: (pageIndex: number) => setPage((prev) => ({ ...prev, pageIndex })),
    onPageSizeChange: (pageSize: number) => setPage({ pageIndex: 1, pageSize }),
  };
  return { page, firstPage, pageProps };
}
