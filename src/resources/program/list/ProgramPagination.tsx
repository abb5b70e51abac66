/**
 * The program list's pager: react-admin's Pagination on a wide screen; below its `md`
 * breakpoint, where react-admin drops the rows-per-page choice, MUI's TablePagination with
 * 'Programs per page' kept, its parts wrapping onto a second line rather than widening a phone.
 */
import type { ChangeEvent, MouseEvent } from 'react';
import { TablePagination, useMediaQuery, type Theme } from '@mui/material';
import { useListContext, useListPaginationContext } from 'react-admin';
import { ListPagination } from '../../generic/ListStates';
import { useT } from '../../../i18n/use-t';

const NarrowPagination = ({ sizes }: { sizes: number[] }) => {
  const { isPending, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const { error } = useListContext();
  const t = useT();
  if (error || isPending || !total) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={sizes}
      labelRowsPerPage={t('app.program.list.per_page')}
      labelDisplayedRows={({ from, to, count }) => t('app.program.common.displayed_rows', { from, to, count })}
      getItemAriaLabel={(type) => t(`ra.navigation.${type}`)}
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
  const t = useT();
  // react-admin's Pagination passes extra props on to MUI's TablePagination.
  const perPageLabel = { labelRowsPerPage: t('app.program.list.per_page') } as object;
  return narrow ? <NarrowPagination sizes={sizes} /> : <ListPagination rowsPerPageOptions={sizes} {...perPageLabel} />;
};
