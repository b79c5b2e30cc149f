import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE_OPTIONS } from '@/config/constants';
import { PAGE_SIZE } from '@/config/limits';

export type SortDirection = 'asc' | 'desc';

export interface ListSort<S extends string> {
  sortBy: S;
  sortDir: SortDirection;
}

/** How a list's filters sit in the URL. */
export interface FilterCodec<F> {
  read: (search: URLSearchParams) => F;
  /** Sets (or deletes) the filters' own parameters on `search`. */
  write: (filters: F, search: URLSearchParams) => void;
}

/**
 * The plain codec: each filter under its own name, left out while it has its initial
 * value. A filter with `choices` takes only one of them from the URL (anything else
 * reads as the initial value, so a hand-edited link never reaches the server).
 */
export function plainFilterCodec<F extends { [K in keyof F]: string }>(
  initial: F,
  choices: { [K in keyof F]?: readonly F[K][] } = {},
): FilterCodec<F> {
  const keys = Object.keys(initial) as (keyof F & string)[];
  return {
    read: (search) => {
      const filters = { ...initial };
      for (const key of keys) {
        const value = search.get(key);
        if (value === null) continue;
        const allowed = choices[key];
        if (!allowed || (allowed as readonly string[]).includes(value))
          filters[key] = value as F[typeof key];
      }
      return filters;
    },
    write: (filters, search) => {
      for (const key of keys) {
        if (filters[key] === initial[key]) search.delete(key);
        else search.set(key, filters[key]);
      }
    },
  };
}

export const LIST_PARAMS = { page: 'page', size: 'size', sort: 'sort', dir: 'dir' } as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function pageFromSearch(search: URLSearchParams): { pageIndex: number; pageSize: number } {
  const size = positiveInt(search.get(LIST_PARAMS.size));
  return {
    pageIndex: positiveInt(search.get(LIST_PARAMS.page)) ?? 1,
    pageSize:
      size !== null && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size)
        ? size
        : PAGE_SIZE.default,
  };
}

export function sortFromSearch<S extends string>(
  search: URLSearchParams,
  fields: readonly S[],
): ListSort<S> | null {
  const sortBy = search.get(LIST_PARAMS.sort);
  const sortDir = search.get(LIST_PARAMS.dir);
  if (!sortBy || !(fields as readonly string[]).includes(sortBy)) return null;
  return { sortBy: sortBy as S, sortDir: sortDir === 'desc' ? 'desc' : 'asc' };
}

interface ListUrlStateOptions<F, S extends string> {
  codec: FilterCodec<F>;
  /** The columns the table may sort by; a `sort` naming another is ignored. */
  sortFields?: readonly S[];
}

/**
 * A back-office list's filters, page, page size and sort, kept in the URL
 * (`?status=active&page=3&size=50&sort=name&dir=desc`) so a reload, a shared link or Back
 * after a detail page shows the same list. Every change is one `replace` navigation that
 * keeps the URL's other parameters; a filter or sort change goes back to page 1.
 */
export function useListUrlState<F, S extends string = never>({
  codec,
  sortFields = [],
}: ListUrlStateOptions<F, S>) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // Parsed again only when the URL changes, so queries keyed on them stay stable; `codec`
  // and `sortFields` are module constants in the screens.
  const filters = useMemo(() => codec.read(new URLSearchParams(key)), [codec, key]);
  const page = useMemo(() => pageFromSearch(new URLSearchParams(key)), [key]);
  const sort = useMemo(
    () => sortFromSearch(new URLSearchParams(key), sortFields),
    [key, sortFields],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const setFilters = useCallback(
    (next: F) =>
      update((params) => {
        codec.write(next, params);
        params.delete(LIST_PARAMS.page);
      }),
    [codec, update],
  );

  const setSort = useCallback(
    (next: ListSort<S>) =>
      update((params) => {
        params.set(LIST_PARAMS.sort, next.sortBy);
        params.set(LIST_PARAMS.dir, next.sortDir);
        params.delete(LIST_PARAMS.page);
      }),
    [update],
  );

  const pageProps = {
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    onPageChange: (pageIndex: number) =>
      update((params) => {
        if (pageIndex <= 1) params.delete(LIST_PARAMS.page);
        else params.set(LIST_PARAMS.page, String(pageIndex));
      }),
    onPageSizeChange: (pageSize: number) =>
      update((params) => {
        params.delete(LIST_PARAMS.page);
        if (pageSize === PAGE_SIZE.default) params.delete(LIST_PARAMS.size);
        else params.set(LIST_PARAMS.size, String(pageSize));
      }),
  };

  return { filters, setFilters, page, pageProps, sort, setSort };
}
