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

export const conflictsQueryKey = (id: string) => [...programQueryKey(id), 'conflicts'] as const;

export const ConflictsCard = ({ program }: { program: FullProgram }) => {
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
        Review
      </Button>
    ) : undefined;
  return (
    <OverviewCard title="Offline conflicts" action={action}>
      <Typography variant="body2" color="text.secondary">
        {conflicts.isError
          ? 'The conflicts could not be read.'
          : !conflicts.data
            ? 'Looking for documents edited on two phones…'
            : count === 0
              ? 'No document was edited on two phones at once.'
              : `${count === 100 ? '100 or more' : count} ${count === 1 ? 'document was' : 'documents were'} edited on two phones at once: choose the version to keep.`}
      </Typography>
      {open && <ConflictsDialog programId={program._id} conflicts={conflicts.data ?? []} onClose={() => setOpen(false)} />}
    </OverviewCard>
  );
};
