/**
 * The conflicts side by side: for each document, its versions in columns (the current one first;
 * stacked on a phone), each answer under its field's label, and "Keep this one".
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { syncCalls, type ConflictVersion, type SyncConflict } from '../../../../providers/sync-calls';
import { failureMessage } from '../parts/failure';
import { programQueryKey } from '../program-query';
import { useT } from '../../../../i18n/use-t';

interface ConflictsDialogProps {
  programId: string;
  conflicts: SyncConflict[];
  onClose: () => void;
}

export const ConflictsDialog = ({ programId, conflicts, onClose }: ConflictsDialogProps) => {
  const t = useT();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="conflicts-title">
      <DialogTitle id="conflicts-title">{t('app.program.conflicts.dialog_title')}</DialogTitle>
      <DialogContent dividers>
        {conflicts.length === 0 ? (
          <Typography>{t('app.program.conflicts.none_left')}</Typography>
        ) : (
          <Stack spacing={3}>
            {conflicts.map((conflict) => (
              <ConflictSection key={conflict.local_id} programId={programId} conflict={conflict} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

const ConflictSection = ({ programId, conflict }: { programId: string; conflict: SyncConflict }) => {
  const t = useT();
  const notify = useNotify();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const keep = async (version: ConflictVersion) => {
    setSaving(true);
    try {
      await syncCalls.keepVersion(conflict.local_id, version.rev);
      notify('app.program.conflicts.kept', { type: 'success' });
      await client.invalidateQueries({ queryKey: programQueryKey(programId) });
    } catch (error) {
      notify(failureMessage(error, 'app.program.common.something_wrong'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const fields = [...new Set(conflict.versions.flatMap((v) => Object.keys(v.form_data)))];
  return (
    <Box component="section" aria-label={t('app.program.conflicts.document', { id: conflict.local_id })}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('app.program.conflicts.document', { id: conflict.local_id })}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${conflict.versions.length}, minmax(0, 1fr))` } }}
      >
        {conflict.versions.map((version, i) => (
          <Card
            key={version.rev}
            variant="outlined"
            component="article"
            aria-label={
              version.current ? t('app.program.conflicts.current_version') : t('app.program.conflicts.other_version_number', { number: i })
            }
          >
            <CardContent>
              <Chip
                size="small"
                label={t(version.current ? 'app.program.conflicts.current_version' : 'app.program.conflicts.other_version')}
                color={version.current ? 'primary' : 'default'}
                sx={{ mb: 1 }}
              />
              <Box component="dl" sx={{ m: 0 }}>
                {fields.map((field) => (
                  <Box key={field} sx={{ mb: 1 }}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {conflict.labels[field] ?? field}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {shown(version.form_data[field])}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Button variant="contained" size="small" disabled={saving} onClick={() => void keep(version)} sx={{ mt: 1 }}>
                {t('app.program.conflicts.keep')}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
};

/** An answer as text: a dash for none, lists joined. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
