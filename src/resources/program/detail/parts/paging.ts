/**
 * Paging of the detail tables, in the page (the rows are already here): 5, 10 or 25 rows a page,
 * default 5, and All for teams, goals and notifications (spec 2 §9).
 */
import { useState } from 'react';

/** TablePagination's own way of saying "All". */
export const ALL_ROWS = -1;

export const DETAIL_PAGE_SIZES = [5, 10, 25];

export interface Paged<T> {
  rows: T[];
  count: number;
  page: number;
  size: number;
  setPage(page: number): void;
  setSize(size: number): void;
}

export function usePaged<T>(all: readonly T[], initialSize = 5): Paged<T> {
  const [wantedPage, setPage] = useState(0);
  const [size, setSizeState] = useState(initialSize);
  const count = all.length;
  // A page that emptied (its last row removed) shows the last page that still has rows.
  const lastPage = size === ALL_ROWS ? 0 : Math.max(0, Math.ceil(count / size) - 1);
  const page = Math.min(wantedPage, lastPage);
  const rows = size === ALL_ROWS ? [...all] : all.slice(page * size, page * size + size);
  const setSize = (next: number) => {
    setSizeState(next);
    setPage(0);
  };
  return { rows, count, page, size, setPage, setSize };
}
