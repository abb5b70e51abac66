/**
 * A field group's sub-fields: listed in order, one open at a time, each edited like a field of
 * the form except that it cannot be a group itself; its rules name its sibling sub-fields.
 */
import { useMemo, useState } from 'react';
import { Box, ButtonBase, Collapse, IconButton, Paper, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { FormField } from '@model/forms/field-definition';
import { fieldNameFromLabel } from '@model/forms/field-name';
import { AddFieldForm } from './AddFieldForm';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import { FieldEditor } from './FieldEditor';
import { fieldTypeLabel } from './field-type-labels';
import { useT } from '../../../i18n/use-t';
import { withType } from './new-field';
import { ruleTargetsOf } from './rule-targets';

interface SubFieldsEditorProps {
  fields: FormField[];
  onChange: (fields: FormField[]) => void;
}

/** Each sub-field's `order` its place, as the form's own fields. */
const numbered = (fields: FormField[]) => fields.map((f, i) => (f.order === i + 1 ? f : { ...f, order: i + 1 }));

export function SubFieldsEditor({ fields, onChange }: SubFieldsEditorProps) {
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  // Sub-fields added while this group is open keep deriving their name from the label until it is edited.
  const [following, setFollowing] = useState<ReadonlySet<FormField>>(new Set());
  const targets = useMemo(() => ruleTargetsOf(fields), [fields]);
  const t = useT();

  const replace = (index: number, next: FormField, follows: boolean) => {
    setFollowing((set) => {
      const copy = new Set(set);
      copy.delete(fields[index]!);
      if (follows) copy.add(next);
      return copy;
    });
    onChange(fields.map((f, i) => (i === index ? next : f)));
  };

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('app.forms.builder.sub_fields.heading', { count: fields.length })}
      </Typography>
      <Stack spacing={1} sx={{ mb: 2 }}>
        {fields.map((sub, index) => {
          const isOpen = open === index;
          const follows = following.has(sub);
          return (
            <Paper key={index} variant="outlined" sx={{ bgcolor: 'action.hover' }}>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <ButtonBase
                  onClick={() => setOpen(isOpen ? null : index)}
                  aria-expanded={isOpen}
                  sx={{ flex: 1, justifyContent: 'flex-start', textAlign: 'left', px: 1.5, py: 1, gap: 1 }}
                >
                  <ExpandMoreIcon
                    fontSize="small"
                    sx={{ transform: isOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                  />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {sub.field_label || t('app.forms.builder.rows.no_label')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {fieldTypeLabel(sub.field_type, t)}
                  </Typography>
                </ButtonBase>
                <IconButton
                  size="small"
                  aria-label={t('app.forms.builder.sub_fields.delete', { label: sub.field_label })}
                  onClick={() => setDeleting(index)}
                  sx={{ mr: 0.5 }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Box>
              <Collapse in={isOpen} unmountOnExit>
                <Box sx={{ p: 1.5, pt: 0.5 }}>
                  <FieldEditor
                    nested
                    field={sub}
                    targets={targets}
                    onChange={(next) => replace(index, next, follows)}
                    onLabel={(label) =>
                      replace(index, { ...sub, field_label: label, ...(follows ? { field_name: fieldNameFromLabel(label) } : {}) }, follows)
                    }
                    onName={(name) => replace(index, { ...sub, field_name: name }, false)}
                    onType={(type) => replace(index, { ...withType(sub, type), order: sub.order }, follows)}
                  />
                </Box>
              </Collapse>
            </Paper>
          );
        })}
      </Stack>
      <AddFieldForm
        sub
        noGroupReason={t('app.forms.builder.field.groups_do_not_nest')}
        onAdd={(field) => {
          const added = { ...field, order: fields.length + 1 };
          setFollowing((set) => new Set(set).add(added));
          onChange([...numbered(fields), added]);
          setOpen(fields.length);
        }}
      />
      <DeleteFieldDialog
        label={deleting === null ? null : (fields[deleting]?.field_label ?? '')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) onChange(numbered(fields.filter((_, i) => i !== deleting)));
          setDeleting(null);
          setOpen(null);
        }}
      />
    </Box>
  );
}
