/**
 * Compare any two versions of a form: a 'from' and a 'to' picker (revisions, and the current
 * draft as a 'to'), then GET /form/rev/{id}/diff and the changes in words. It starts on the
 * revision before the one picked (or, for the first revision, on the draft after it).
 */
import { useState } from 'react';
import { Alert, Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FormDiff, FormRevision } from '@model/forms/form-revision';
import type { FormField } from '@model/forms/field-definition';
import type { FieldbaseDataProvider } from '../../../providers/data-provider';
import { useT, type Translate } from '../../../i18n/use-t';
import { describeChange, fieldLookup, titleLine } from './change-words';
import { ChangeList, PropertyChange } from './ChangeList';

type Side = number | 'draft';

interface RevisionCompareProps {
  formId: string;
  revisions: FormRevision[];
  /** The revision picked in the list. */
  selected: FormRevision;
  draft: FormField[] | undefined;
}

const sideName = (side: Side, t: Translate) =>
  side === 'draft' ? t('app.forms.revisions.compare.side_draft') : t('app.forms.revisions.compare.side_revision', { version: side });

export function defaultSides(revisions: FormRevision[], selected: number): { from: number; to: Side } {
  const older = revisions.filter((r) => r.version < selected).map((r) => r.version);
  return older.length ? { from: Math.max(...older), to: selected } : { from: selected, to: 'draft' };
}

export const RevisionCompare = ({ formId, revisions, selected, draft }: RevisionCompareProps) => {
  const dataProvider = useDataProvider<FieldbaseDataProvider>();
  const t = useT();
  const [sides, setSides] = useState(() => defaultSides(revisions, selected.version));
  const { from, to } = sides;
  const same = from === to;
  const diff = useQuery<FormDiff>({
    queryKey: ['custom-form', 'getFormDiff', formId, from, to],
    queryFn: () => dataProvider.getFormDiff(formId, from, to),
    enabled: !same,
  });
  const structures = (side: Side) => (side === 'draft' ? draft : revisions.find((r) => r.version === side)?.structures);
  const lookup = fieldLookup(structures(from), structures(to));

  const picker = <T extends Side>(label: string, value: T, onChange: (v: T) => void, withDraft: boolean) => (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      onChange={(e) => onChange((e.target.value === 'draft' ? 'draft' : Number(e.target.value)) as T)}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 220 } }}
    >
      {revisions.map((r) => (
        <MenuItem key={r.version} value={String(r.version)}>
          {t('app.forms.revisions.list.revision', { version: r.version })}
        </MenuItem>
      ))}
      {withDraft && <MenuItem value="draft">{t('app.forms.revisions.compare.current_draft')}</MenuItem>}
    </TextField>
  );

  const title = diff.data && titleLine(diff.data, t);
  const changes = diff.data?.changes.map((c) => describeChange(c, lookup, t)) ?? [];
  const count = changes.length + (title ? 1 : 0);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
        {picker(t('app.forms.revisions.compare.from'), from, (v) => setSides({ from: v, to }), false)}
        {picker(t('app.forms.revisions.compare.to'), to, (v) => setSides({ from, to: v }), true)}
      </Stack>
      {same ? (
        <Alert severity="info">{t('app.forms.revisions.compare.pick_two')}</Alert>
      ) : diff.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('app.forms.revisions.compare.comparing')} />
        </Box>
      ) : diff.error ? (
        <Alert severity="error">{t('app.forms.revisions.compare.failed', { error: (diff.error as Error).message })}</Alert>
      ) : count === 0 ? (
        <Alert severity="success" variant="outlined">
          {t('app.forms.revisions.compare.same', { to: sideName(to, t), from: sideName(from, t) })}
        </Alert>
      ) : (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('app.forms.revisions.compare.count', { from: sideName(from, t), to: sideName(to, t), smart_count: count })}
          </Typography>
          {title && (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
              <PropertyChange line={title} />
            </Box>
          )}
          <ChangeList changes={changes} />
        </Box>
      )}
    </Stack>
  );
};
