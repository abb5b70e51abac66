/**
 * The program list's pager: react-admin's Pagination on a wide screen; below its `md`
 * breakpoint, where react-admin drops the rows-per-page choice, MUI's TablePagination with
 * 'Programs per page' kept, its parts wrapping onto a second line rather than widening a phone.
 */
import type { ChangeEvent, MouseEvent } from 'react';
import { TablePagination, useMediaQuery, type Theme } from '@mui/material';
import { useListContext, useListPaginationContext } from 'react-admin';
import { ListPagination } from '../../generic/ListStates';

export const PROGRAMS_PER_PAGE = 'Programs per page';

/** react-admin's Pagination passes extra props on to MUI's TablePagination. */
const perPageLabel = { labelRowsPerPage: PROGRAMS_PER_PAGE } as object;

const NarrowPagination = ({ sizes }: { sizes: number[] }) => {
  const { isPending, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const { error } = useListContext();
  if (error || isPending || !total) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={sizes}
      labelRowsPerPage={PROGRAMS_PER_PAGE}
      onPageChange={(_event: MouseEvent<HTMLButtonElement> | null, next: number) => setPage(next + 1)}
      onRowsPerPageChange={(event: ChangeEvent<HTMLInputElement>) => setPerPage(Number(event.target.value))}
      sx={{
        overflow: 'hidden',
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0, rowGap: 0.5 },
        '& .MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
};

export const ProgramPagination = ({ sizes }: { sizes: number[] }) => {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return narrow ? <NarrowPagination sizes={sizes} /> : <ListPagination rowsPerPageOptions={sizes} {...perPageLabel} />;
};
