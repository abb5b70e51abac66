/** A form's published revisions, newest first: number, name, field count, who published it and when; one is picked. */
import { Chip, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import type { FormRevision } from '@model/forms/form-revision';
import { formatDateTime } from '../../generic/date-time';
import { plural } from '../list/form-cells';

export const personName = (person: FormRevision['created_by']) =>
  person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() || 'someone' : 'someone';

interface RevisionListProps {
  revisions: FormRevision[];
  selected: number;
  onSelect: (version: number) => void;
}

export const RevisionList = ({ revisions, selected, onSelect }: RevisionListProps) => (
  <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
    <Typography variant="subtitle2" component="h2" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', fontWeight: 700 }}>
      {plural(revisions.length, 'published revision')}
    </Typography>
    <List disablePadding aria-label="Revisions" sx={{ maxHeight: { xs: 300, md: 'calc(100vh - 260px)' }, overflowY: 'auto' }}>
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
                    {`Revision ${revision.version}`}
                  </Typography>
                  {i === 0 && <Chip label="Latest" size="small" color="secondary" sx={{ ml: 1, height: 20 }} />}
                  <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {revision.name}
                  </Typography>
                </>
              }
              secondary={`${plural(revision.field_count, 'field')} · ${formatDateTime(revision.created_at)} · ${personName(revision.created_by)}`}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  </Paper>
);
