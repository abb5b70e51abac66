/** The pager under a detail table: 5, 10, 25 (and All where the spec offers it). */
import { TablePagination } from '@mui/material';
import { useT } from '../../../../i18n/use-t';
import { ALL_ROWS, DETAIL_PAGE_SIZES, type Paged } from './paging';

interface DetailPagerProps {
  paged: Paged<unknown>;
  /** 'Goals per page' */
  label: string;
  withAll?: boolean;
}

export const DetailPager = ({ paged, label, withAll = false }: DetailPagerProps) => {
  const t = useT();
  return (
    <TablePagination
      component="div"
      count={paged.count}
      page={paged.page}
      rowsPerPage={paged.size}
      rowsPerPageOptions={
        withAll ? [...DETAIL_PAGE_SIZES, { label: t('app.program.common.all_rows'), value: ALL_ROWS }] : DETAIL_PAGE_SIZES
      }
      labelRowsPerPage={label}
      labelDisplayedRows={({ from, to, count }) => t('app.program.common.displayed_rows', { from, to, count })}
      getItemAriaLabel={(type) => t(`ra.navigation.${type}`)}
      onPageChange={(_, page) => paged.setPage(page)}
      onRowsPerPageChange={(event) => paged.setSize(Number(event.target.value))}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
    />
  );
};
