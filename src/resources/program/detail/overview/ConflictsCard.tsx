/**
 * Offline conflicts: the program's documents that were edited on two phones offline. Both
 * versions were kept; the card says how many there are and opens them side by side, where a
 * person keeps one (it becomes the document on the server and on every phone). For a role with
 * can_edit_document, which keeping a version needs.
 */
import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FullProgram } from '../../../../providers/program-calls';
import { syncCalls } from '../../../../providers/sync-calls';
import { useProgramAccess } from '../../program-access';
import { programQueryKey } from '../program-query';
import { OverviewCard } from './OverviewCard';
import { ConflictsDialog } from './ConflictsDialog';
import { useT } from '../../../../i18n/use-t';

export const conflictsQueryKey = (id: string) => [...programQueryKey(id), 'conflicts'] as const;

export const ConflictsCard = ({ program }: { program: FullProgram }) => {
  const t = useT();
  const allowed = useProgramAccess(program).can('can_edit_document');
  const [open, setOpen] = useState(false);
  const conflicts = useQuery({
    queryKey: conflictsQueryKey(program._id),
    queryFn: () => syncCalls.conflicts(program._id),
    enabled: allowed,
  });
  if (!allowed) return null;
  const count = conflicts.data?.length ?? 0;
  const action =
    count > 0 ? (
      <Button variant="outlined" size="small" color="warning" onClick={() => setOpen(true)}>
        {t('app.program.conflicts.review')}
      </Button>
    ) : undefined;
  return (
    <OverviewCard title={t('app.program.conflicts.title')} action={action}>
      <Typography variant="body2" color="text.secondary">
        {conflicts.isError
          ? t('app.program.conflicts.read_failed')
          : !conflicts.data
            ? t('app.program.conflicts.looking')
            : count === 0
              ? t('app.program.conflicts.none')
              : count === 100
                ? t('app.program.conflicts.hundred_or_more')
                : t('app.program.conflicts.count', { smart_count: count })}
      </Typography>
      {open && <ConflictsDialog programId={program._id} conflicts={conflicts.data ?? []} onClose={() => setOpen(false)} />}
    </OverviewCard>
  );
};
