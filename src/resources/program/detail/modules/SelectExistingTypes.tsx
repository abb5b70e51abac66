/**
 * The drawer's 'Select from existing' tab: the records of this kind the program does not hold
 * yet, searchable; picking one attaches it.
 */
import { useState } from 'react';
import { Box, Button, CircularProgress, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { preview } from '../../../generic/schema-fields';
import type { TypeKind } from '../../../type-records/type-kinds';
import { useT } from '../../../../i18n/use-t';
import { MODULE_TEXTS } from './module-texts';

interface SelectExistingTypesProps {
  kind: TypeKind;
  /** Ids the program holds already. */
  attached: string[];
  onPick(id: string): void;
  /** An attach is on its way: no second pick meanwhile. */
  busy: boolean;
}

export const SelectExistingTypes = ({ kind, attached, onPick, busy }: SelectExistingTypesProps) => {
  const [q, setQ] = useState('');
  const t = useT();
  const words = MODULE_TEXTS[kind.module];
  const {
    data = [],
    isPending,
    error,
  } = useGetList(kind.resource, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
    filter: q.trim() ? { q: q.trim() } : {},
  });
  const free = data.filter((r) => !attached.includes(String(r.id)));
  return (
    <Box>
      <TextField label={t(words.search)} value={q} onChange={(e) => setQ(e.target.value)} size="small" fullWidth sx={{ mb: 1 }} />
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={t(words.loading)} />
        </Box>
      ) : error ? (
        <Typography color="error" sx={{ p: 2 }}>
          {(error as Error).message}
        </Typography>
      ) : free.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t(words.empty)}
        </Typography>
      ) : (
        <List dense aria-label={t(words.existing)}>
          {free.map((record) => (
            <ListItem
              key={record.id}
              divider
              secondaryAction={
                <Button size="small" variant="outlined" color="secondary" disabled={busy} onClick={() => onPick(String(record.id))}>
                  {t('ra.action.add')}
                </Button>
              }
              sx={{ pr: 10 }}
            >
              <ListItemText
                primary={String(record.name ?? '')}
                secondary={typeof record.description === 'string' ? preview(record.description) : record.file_name}
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};
