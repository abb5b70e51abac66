/** The pager under a detail table: 5, 10, 25 (and All where the spec offers it). */
import { TablePagination } from '@mui/material';
import { DETAIL_PAGE_SIZES, DETAIL_PAGE_SIZES_WITH_ALL, type Paged } from './paging';

interface DetailPagerProps {
  paged: Paged<unknown>;
  /** 'Goals per page' */
  label: string;
  withAll?: boolean;
}

export const DetailPager = ({ paged, label, withAll = false }: DetailPagerProps) => (
  <TablePagination
    component="div"
    count={paged.count}
    page={paged.page}
    rowsPerPage={paged.size}
    rowsPerPageOptions={withAll ? DETAIL_PAGE_SIZES_WITH_ALL : DETAIL_PAGE_SIZES}
    labelRowsPerPage={label}
    onPageChange={(_, page) => paged.setPage(page)}
    onRowsPerPageChange={(event) => paged.setSize(Number(event.target.value))}
    sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
  />
);
