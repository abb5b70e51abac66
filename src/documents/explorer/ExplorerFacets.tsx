/**
 * The narrower filters under the cascade: submitted from / to (days typed DD-MM-YYYY, as the
 * console shows dates), the submitter (who submitted documents of the program I may read) and
 * the processed state. They apply at the next 'Query Data'; the server checks them again.
 */
import type { Dispatch } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { explorerCalls } from '../../providers/explorer-calls';
import { DayField } from '../../shared/DayField';
import { rangeBackwards, type ExplorerAction, type Facets } from './explorer-state';
import { useT } from '../../i18n/use-t';

const ANY = '';
/** 'Anyone' and 'Processed or not' are choices too: shown, not an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export const ExplorerFacets = ({
  programId,
  facets,
  dispatch,
}: {
  programId: string | undefined;
  facets: Facets;
  dispatch: Dispatch<ExplorerAction>;
}) => {
  const t = useT();
  const submitters = useQuery({
    queryKey: ['explorer', 'submitters', programId],
    queryFn: () => explorerCalls.getSubmitters(programId!),
    enabled: programId !== undefined,
  });
  const set = (change: Partial<Facets>) => dispatch({ kind: 'facets', facets: change });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { md: 'flex-start' } }}>
      <DayField label={t('app.documents.explorer.from')} value={facets.from} onChange={(from) => set({ from })} />
      <DayField
        label={t('app.documents.explorer.to')}
        value={facets.to}
        onChange={(to) => set({ to })}
        problem={rangeBackwards(facets) ? t('app.documents.explorer.backwards_range') : undefined}
      />
      <TextField
        select
        label={t('app.documents.explorer.submitter')}
        value={facets.submittedBy}
        disabled={!programId}
        onChange={(event) => set({ submittedBy: event.target.value })}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={showEmpty}
      >
        <MenuItem value={ANY}>{t('app.documents.explorer.anyone')}</MenuItem>
        {(submitters.data ?? []).map((s) => (
          <MenuItem key={s._id} value={s._id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('app.documents.explorer.processed_state')}
        value={facets.processed}
        onChange={(event) => set({ processed: event.target.value as Facets['processed'] })}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={showEmpty}
      >
        <MenuItem value={ANY}>{t('app.documents.explorer.processed_any')}</MenuItem>
        <MenuItem value="true">{t('app.documents.explorer.processed_only')}</MenuItem>
        <MenuItem value="false">{t('app.documents.explorer.not_processed_only')}</MenuItem>
      </TextField>
    </Stack>
  );
};
