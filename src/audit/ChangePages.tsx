/**
 * Pages of changes, newest first, older ones on demand (the server pages by keyset), with the
 * states a person needs told apart — loading, failed, none — and the drawer a row opens.
 */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage, Change } from './audit-calls';
import { useT } from '../i18n/use-t';
import { ChangeRows } from './ChangeRows';
import { ChangeDrawer } from './ChangeDrawer';

export function ChangePages({
  queryKey,
  fetchPage,
  empty,
}: {
  queryKey: readonly unknown[];
  fetchPage: (before?: string) => Promise<AuditPage>;
  /** Said when there is no change at all. */
  empty: string;
}) {
  const t = useT();
  const [open, setOpen] = useState<Change | null>(null);
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const changes = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack spacing={2}>
      {pages.isError && <Alert severity="error">{(pages.error as Error).message}</Alert>}
      {pages.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={t('app.audit.list.loading')} />
        </Box>
      )}
      {/* Nothing to record yet is news, not an alarm: a status, not an alert. */}
      {pages.isSuccess && changes.length === 0 && (
        <Alert severity="info" role="status">
          {empty}
        </Alert>
      )}
      {changes.length > 0 && <ChangeRows changes={changes} onOpen={setOpen} />}
      {pages.hasNextPage && (
        <Box>
          <Button variant="outlined" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            {t('app.audit.list.older')}
          </Button>
        </Box>
      )}
      <ChangeDrawer change={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
