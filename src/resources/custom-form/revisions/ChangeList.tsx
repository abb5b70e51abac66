/** The changes between two versions, one entry per field: what happened to it, then each property's before → after. */
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useT } from '../../../i18n/use-t';
import { KIND_KEYS, type ChangeWords, type PropertyLine } from './change-words';

const KIND_COLORS = { added: 'success', removed: 'error', moved: 'info', changed: 'warning' } as const;

export const PropertyChange = ({ line }: { line: PropertyLine }) => (
  <Typography component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
    {line.sentence ?? (
      <>
        <Box component="span" sx={{ fontWeight: 600 }}>{`${line.what}: `}</Box>
        <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'line-through', textDecorationColor: 'rgba(0,0,0,0.3)' }}>
          {line.before}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'pre' }}>
          {' → '}
        </Box>
        <Box component="span">{line.after}</Box>
      </>
    )}
  </Typography>
);

export const ChangeEntry = ({ change }: { change: ChangeWords }) => {
  const t = useT();
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Chip
          label={t(KIND_KEYS[change.kind])}
          color={KIND_COLORS[change.kind]}
          size="small"
          variant="outlined"
          // The border carries the colour; the word stays dark enough to read (orange text on white is not).
          sx={{ minWidth: 76, fontWeight: 600, color: 'text.primary' }}
        />
        <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {change.field}
        </Typography>
        {change.where && (
          <Typography component="span" variant="body2" color="text.secondary">
            {change.where}
          </Typography>
        )}
      </Stack>
      {change.lines.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.75, pl: { xs: 3, sm: 12 }, '& li': { mb: 0.25 } }}>
          {change.lines.map((line, i) => (
            <PropertyChange key={i} line={line} />
          ))}
        </Box>
      )}
    </Box>
  );
};

export const ChangeList = ({ changes }: { changes: ChangeWords[] }) => {
  const t = useT();
  return (
    <Box component="ul" aria-label={t('app.forms.changes.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {changes.map((change, i) => (
        <ChangeEntry key={i} change={change} />
      ))}
    </Box>
  );
};
