/**
 * A beneficiaries (locations, cases) answer: the documents it names, each by a readable name.
 * Only the first few are looked up (one call each); the rest are counted.
 */
import { useQueries } from '@tanstack/react-query';
import { Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { documentCalls } from '../../providers/document-calls';
import { documentQueryKey } from '../document-query';
import { documentName } from './document-name';
import { useT } from '../../i18n/use-t';

export const NAMES_LOOKED_UP = 5;

export function RecordNames({ value }: { value: unknown }) {
  const t = useT();
  const ids = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
  const first = ids.slice(0, NAMES_LOOKED_UP);
  const answers = useQueries({
    queries: first.map((id) => ({
      queryKey: documentQueryKey({ documentId: id }),
      queryFn: () => documentCalls.getDocument(id),
      retry: false,
      staleTime: 60_000,
    })),
  });
  if (ids.length === 0) return <Typography color="text.secondary">{t('app.documents.answers.not_answered')}</Typography>;
  const more = ids.length - first.length;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {first.map((id, i) => {
        const answer = answers[i]!;
        if (answer.isPending) return <CircularProgress key={id} size={16} aria-label={t('app.documents.answers.loading_name')} />;
        // A document the viewer may not see (or since deleted) is shown by its id.
        return <Chip key={id} size="small" variant="outlined" label={answer.data ? documentName(answer.data) : id} />;
      })}
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('app.documents.answers.more_names', { smart_count: more, count: more })}
        </Typography>
      )}
    </Stack>
  );
}
