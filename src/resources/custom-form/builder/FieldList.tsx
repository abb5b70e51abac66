/** The form's fields as sortable rows, with the confirm before one is deleted. */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { Typography } from '@mui/material';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
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

  // Announcements name fields by label; a ref keeps them current without re-creating them.
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);
  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier | undefined) => fieldsRef.current[String(id)]?.field.field_label || 'the field';
    const place = (id: UniqueIdentifier | undefined) => String(fieldsRef.current[String(id)]?.field.order ?? '');
    return {
      onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `${name(active.id)} is over position ${place(over.id)}.` : `${name(active.id)} is no longer over a field.`,
      onDragEnd: ({ active, over }) =>
        over ? `${name(active.id)} was dropped at position ${place(over.id)}.` : `${name(active.id)} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
    };
  }, []);

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
      <SortableFields keys={keys} announcements={announcements} onDragEnd={onDragEnd}>
        {rowList}
      </SortableFields>
      {keys.length > 1 && (
        <Typography variant="caption" color="text.secondary">
          Reorder by dragging a field&apos;s handle, or focus the handle and press Space, then the arrow keys, then Space.
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
