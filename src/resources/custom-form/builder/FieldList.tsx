/** The form's fields as sortable rows, with the confirm before one is deleted. */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { Typography } from '@mui/material';
import type { Announcements, DragEndEvent, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { useT } from '../../../i18n/use-t';
import type { BuilderAction, BuilderState } from './builder-state';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import { FieldRows } from './FieldRows';
import { FieldRowsContext } from './field-rows-context';
import { SortableFields } from './SortableFields';
import type { RuleTarget } from './rule-targets';

interface FieldListProps {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  /** What the open row's rules may refer to. */
  targets: RuleTarget[];
}

export const FieldList = memo(function FieldList({ state, dispatch, targets }: FieldListProps) {
  const { keys, fields } = state;
  const [deleting, setDeleting] = useState<string | null>(null);
  const askDelete = useCallback((key: string) => setDeleting(key), []);
  const t = useT();

  // Announcements name fields by label; a ref keeps them current without re-creating them.
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);
  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier | undefined) =>
      fieldsRef.current[String(id)]?.field.field_label || t('app.forms.builder.drag.the_field');
    const place = (id: UniqueIdentifier | undefined) => String(fieldsRef.current[String(id)]?.field.order ?? '');
    return {
      onDragStart: ({ active }) => t('app.forms.builder.drag.picked_up', { name: name(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('app.forms.builder.drag.over', { name: name(active.id), position: place(over.id) })
          : t('app.forms.builder.drag.not_over', { name: name(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('app.forms.builder.drag.dropped_at', { name: name(active.id), position: place(over.id) })
          : t('app.forms.builder.drag.dropped', { name: name(active.id) }),
      onDragCancel: ({ active }) => t('app.forms.builder.drag.cancelled', { name: name(active.id) }),
    };
  }, [t]);
  const instructions = useMemo<ScreenReaderInstructions>(() => ({ draggable: t('app.forms.builder.drag.instructions') }), [t]);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (over && active.id !== over.id) dispatch({ type: 'move', from: String(active.id), to: String(over.id) });
    },
    [dispatch],
  );

  const rows = useMemo(() => ({ state, targets, dispatch, askDelete }), [state, targets, dispatch, askDelete]);
  // Made once, so SortableFields (and dnd-kit's DndContext in it) does not render again when a field changes.
  const rowList = useMemo(() => <FieldRows />, []);

  return (
    <FieldRowsContext.Provider value={rows}>
      <SortableFields keys={keys} announcements={announcements} instructions={instructions} onDragEnd={onDragEnd}>
        {rowList}
      </SortableFields>
      {keys.length > 1 && (
        <Typography variant="caption" color="text.secondary">
          {t('app.forms.builder.rows.reorder_hint')}
        </Typography>
      )}
      <DeleteFieldDialog
        label={deleting === null ? null : (fields[deleting]?.field.field_label ?? '')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) dispatch({ type: 'remove', key: deleting });
          setDeleting(null);
        }}
      />
    </FieldRowsContext.Provider>
  );
});
