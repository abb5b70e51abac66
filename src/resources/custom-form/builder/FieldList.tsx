/**
 * The form's fields as sortable rows: dragged by their handle with a pointer, or with the
 * keyboard (focus the handle, Space to pick up, arrow keys to move, Space to drop).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { Stack, Typography } from '@mui/material';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { BuilderAction, BuilderState } from './builder-state';
import { FieldRow } from './FieldRow';
import { DeleteFieldDialog } from './DeleteFieldDialog';
import type { RuleTarget } from './rule-targets';

interface FieldListProps {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  /** What the open row's rules may refer to. */
  targets: RuleTarget[];
}

export const FieldList = memo(function FieldList({ state, dispatch, targets }: FieldListProps) {
  const { keys, fields, openKey, problems } = state;
  const [deleting, setDeleting] = useState<string | null>(null);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Announcements name fields by label; a ref keeps them current without re-creating the context.
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);
  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier | undefined) => fieldsRef.current[String(id)]?.field.field_label || 'the field';
    const place = (id: UniqueIdentifier | undefined) => (fieldsRef.current[String(id)]?.field.order ?? 0).toString();
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
  const askDelete = useCallback((key: string) => setDeleting(key), []);

  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <Stack spacing={1} component="ol" aria-label="Fields" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {keys.map((key) => (
              <li key={key}>
                <FieldRow
                  rowKey={key}
                  entry={fields[key]!}
                  open={openKey === key}
                  problem={problems[key]}
                  targets={openKey === key ? targets : undefined}
                  dispatch={dispatch}
                  onDelete={askDelete}
                />
              </li>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {keys.length > 1 && (
        <Typography variant="caption" color="text.secondary">
          Reorder by dragging a field's handle, or focus the handle and press Space, then the arrow keys, then Space.
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
    </>
  );
});
