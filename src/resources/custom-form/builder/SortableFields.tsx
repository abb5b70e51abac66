/**
 * dnd-kit's drag-and-drop around the rows: dragged by a handle with a pointer, or with the
 * keyboard (focus the handle, Space to pick up, arrow keys to move, Space to drop).
 *
 * Memoised on the row keys alone, with its children made once: DndContext hands every
 * draggable a new transform object whenever it renders, which would render all 500 rows on
 * each keystroke. It renders again only when rows are added, removed or moved, or during a drag.
 */
import { memo, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';

interface SortableFieldsProps {
  keys: string[];
  announcements: Announcements;
  /** What a handle's description tells a screen reader about moving it. */
  instructions: ScreenReaderInstructions;
  onDragEnd: (event: DragEndEvent) => void;
  children: ReactNode;
}

export const SortableFields = memo(function SortableFields({
  keys,
  announcements,
  instructions,
  onDragEnd,
  children,
}: SortableFieldsProps) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
});
