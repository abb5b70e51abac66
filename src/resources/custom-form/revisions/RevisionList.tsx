/** A form's published revisions, newest first: number, name, field count, who published it and when; one is picked. */
import { Chip, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import type { FormRevision } from '@model/forms/form-revision';
import { formatDateTime } from '../../generic/date-time';
import { useT, type Translate } from '../../../i18n/use-t';

export const personName = (person: FormRevision['created_by'], t: Translate) =>
  (person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() : '') || t('app.forms.revisions.list.someone');

interface RevisionListProps {
  revisions: FormRevision[];
  selected: number;
  onSelect: (version: number) => void;
}

export const RevisionList = ({ revisions, selected, onSelect }: RevisionListProps) => {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Typography variant="subtitle2" component="h2" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', fontWeight: 700 }}>
        {t('app.forms.revisions.list.published', { smart_count: revisions.length })}
      </Typography>
      <List
        disablePadding
        aria-label={t('app.forms.revisions.list.label')}
        sx={{ maxHeight: { xs: 300, md: 'calc(100vh - 260px)' }, overflowY: 'auto' }}
      >
        {revisions.map((revision, i) => (
          // A list holds list items: each button sits in its <li>.
          <ListItem key={revision._id} disablePadding>
            <ListItemButton
              selected={revision.version === selected}
              aria-current={revision.version === selected ? 'true' : undefined}
              onClick={() => onSelect(revision.version)}
              divider={i < revisions.length - 1}
              sx={{ alignItems: 'flex-start', '&.Mui-selected': { borderLeft: 3, borderColor: 'secondary.main', pl: 1.625 } }}
            >
              <ListItemText
                primary={
                  <>
                    <Typography component="span" sx={{ fontWeight: 700 }}>
                      {t('app.forms.revisions.list.revision', { version: revision.version })}
                    </Typography>
                    {i === 0 && (
                      <Chip label={t('app.forms.revisions.list.latest')} size="small" color="secondary" sx={{ ml: 1, height: 20 }} />
                    )}
                    <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {revision.name}
                    </Typography>
                  </>
                }
                secondary={`${t('app.forms.common.fields', { smart_count: revision.field_count })} · ${formatDateTime(revision.created_at)} · ${personName(revision.created_by, t)}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
};
