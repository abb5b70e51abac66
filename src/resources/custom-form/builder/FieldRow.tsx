/**
 * One field of the form in the builder: a header (drag handle, label, type, delete) that opens
 * and closes the field's editor. The button's name is its label ("Open Age"); the type, chips
 * and any problem describe it (aria-describedby), so what it shows and what it says agree. Memoised: a row renders again only when its own field, its
 * open state or its problem changes, so typing in one label leaves the other rows alone.
 */
import { memo, useCallback, type Dispatch } from 'react';
import { Box, ButtonBase, Chip, Collapse, IconButton, Paper, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { activeRules } from '@model/forms/condition';
import type { FieldType, FormField } from '@model/forms/field-definition';
import type { BuilderAction, BuilderField } from './builder-state';
import { FieldEditor } from './FieldEditor';
import { fieldTypeLabel } from './field-type-labels';
import { useT } from '../../../i18n/use-t';
import type { RuleTarget } from './rule-targets';

interface FieldRowProps {
  rowKey: string;
  entry: BuilderField;
  open: boolean;
  problem?: string;
  /** Given to the open row only: the others do not need it, and it changes with every label. */
  targets?: RuleTarget[];
  dispatch: Dispatch<BuilderAction>;
  onDelete: (key: string) => void;
}

export const FieldRow = memo(function FieldRow({ rowKey, entry, open, problem, targets, dispatch, onDelete }: FieldRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: rowKey });
  const { field } = entry;
  const t = useT();
  const label = field.field_label || t('app.forms.builder.rows.no_label');
  const ruleCount = activeRules(field).length;
  const editorId = `field-editor-${rowKey}`;
  const summaryId = `field-summary-${rowKey}`;
  // Stable, so the editor's parts that a keystroke does not touch are left alone (they are memoised).
  const onChange = useCallback((next: FormField) => dispatch({ type: 'update', key: rowKey, field: next }), [dispatch, rowKey]);
  const onLabel = useCallback((text: string) => dispatch({ type: 'label', key: rowKey, label: text }), [dispatch, rowKey]);
  const onName = useCallback((name: string) => dispatch({ type: 'name', key: rowKey, name }), [dispatch, rowKey]);
  const onType = useCallback((fieldType: FieldType) => dispatch({ type: 'field-type', key: rowKey, fieldType }), [dispatch, rowKey]);
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="field-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        borderColor: problem ? 'error.main' : open ? 'primary.main' : undefined,
      }}
    >
      {/* The whole header opens the row: the label's button stretches over it (its ::after), under the handle and Delete. */}
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 52, position: 'relative' }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('app.forms.builder.rows.move', { label })}
          size="small"
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', ml: 0.5, touchAction: 'none', zIndex: 1 }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, py: 1, px: 1 }}>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 24 }}>
            {field.order}.
          </Typography>
          <ButtonBase
            onClick={() => dispatch({ type: 'toggle', key: rowKey })}
            aria-expanded={open}
            aria-controls={editorId}
            aria-label={open ? t('app.forms.builder.rows.close', { label }) : t('app.forms.builder.rows.open', { label })}
            aria-describedby={summaryId}
            sx={{
              minWidth: 0,
              maxWidth: '100%',
              justifyContent: 'flex-start',
              textAlign: 'left',
              typography: 'body1',
              fontWeight: 600,
              // Static, so its ::after (and its ripple) cover the whole header.
              position: 'static',
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&.Mui-focusVisible::after': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2, borderRadius: 1 },
            }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {label}
            </Box>
          </ButtonBase>
          <Box id={summaryId} component="span" sx={{ display: 'contents' }}>
            <Typography component="span" variant="caption" color="text.secondary">
              {fieldTypeLabel(field.field_type, t)}
            </Typography>
            {field.validation?.required && <Chip size="small" label={t('app.forms.builder.field.required')} variant="outlined" />}
            {ruleCount > 0 && (
              <Chip
                size="small"
                color="info"
                variant="outlined"
                label={t('app.forms.builder.rows.conditions', { smart_count: ruleCount })}
              />
            )}
            {problem && (
              <Typography component="span" variant="caption" color="error" sx={{ flexBasis: '100%', pl: 4 }}>
                {problem}
              </Typography>
            )}
          </Box>
        </Box>
        <IconButton
          aria-label={t('app.forms.builder.rows.delete', { label })}
          onClick={() => onDelete(rowKey)}
          size="small"
          sx={{ zIndex: 1 }}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
        <ExpandMoreIcon
          fontSize="small"
          color="action"
          sx={{ mx: 1, transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
        />
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box id={editorId} sx={{ px: { xs: 1.5, sm: 2 }, pb: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          <FieldEditor field={field} targets={targets ?? []} onChange={onChange} onLabel={onLabel} onName={onName} onType={onType} />
        </Box>
      </Collapse>
    </Paper>
  );
});
