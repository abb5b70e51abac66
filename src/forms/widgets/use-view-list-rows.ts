/**
 * The rows of a view list matching a search text, a page at a time (react-query's infinite
 * query): the first page when the text settles, the next one when asked. A search the person
 * has typed past is aborted (react-query aborts a query nobody watches any more once its
 * signal was handed to fetch).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { dataProvider } from '../../providers/data-provider';
import type { ViewListRow } from '../../providers/view-list-calls';

/** Rows asked for at a time: a screenful and then some, small enough to answer fast at 100k rows. */
export const ROWS_PAGE = 25;

export function useViewListRows(listId: string, search: string, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: ['listview', listId, 'rows', search],
    queryFn: ({ pageParam, signal }) =>
      dataProvider.getViewListRows(listId, { q: search, range: [pageParam, pageParam + ROWS_PAGE - 1], signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.rows.length, 0);
      // Past the server's count, pages go on while they come back full.
      const more = last.moreThan ? last.rows.length === ROWS_PAGE : loaded < last.total;
      return last.rows.length > 0 && more ? loaded : undefined;
    },
    enabled: enabled && listId !== '',
    staleTime: 60_000,
    retry: false,
  });
  const rows: ViewListRow[] = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const last = query.data?.pages.at(-1);
  return { ...query, rows, total: last?.total, moreThan: last?.moreThan === true };
}
