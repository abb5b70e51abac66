/**
 * What a list shows instead of its rows: a spinner in the table while the first page (or a new
 * page, search or filter) loads (spec 1 §4), and an error with a retry when loading failed —
 * never "No user found" or a stale "1-10 of 10" for a list that could not be read.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Pagination, useListContext, type PaginationProps } from 'react-admin';
import { useT } from '../../i18n/use-t';

export const ListLoading = ({ label }: { label: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
    <CircularProgress aria-label={label} />
  </Box>
);

export const ListError = ({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) => {
  const t = useT();
  return (
    <Box sx={{ p: 2, minHeight: 200, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Alert
        severity="error"
        sx={{ width: '100%', maxWidth: 560 }}
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
            {t('app.records.list.retry')}
          </Button>
        }
      >
        {t('app.records.list.could_not_load', { name: what })}
        {(error as Error)?.message}
      </Alert>
    </Box>
  );
};

/** The list's rows, or its loading or error state in their place. */
export const ListBody = ({ what, children }: { what: string; children: ReactNode }) => {
  const { error, isPending, isFetching, isPlaceholderData, refetch } = useListContext();
  const t = useT();
  const loading = t('app.records.list.loading', { name: what });
  if (error) return isFetching ? <ListLoading label={loading} /> : <ListError what={what} error={error} onRetry={() => refetch()} />;
  if (isPending) return <ListLoading label={loading} />;
  if (!isPlaceholderData) return <>{children}</>;
  // Another page, search or filter is on its way: the rows on screen are the previous ones.
  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ opacity: 0.4, pointerEvents: 'none' }} aria-hidden>
        {children}
      </Box>
      <Box sx={{ position: 'absolute', inset: 0, display: 'flex', justifyContent: 'center', alignItems: 'center' }}>
        <CircularProgress aria-label={loading} />
      </Box>
    </Box>
  );
};

/** The pager, except for a list that failed to load (its counts would be stale or made up). */
export const ListPagination = (props: PaginationProps) => {
  const { error } = useListContext();
  return error ? null : <Pagination {...props} />;
};
