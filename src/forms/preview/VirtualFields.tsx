/**
 * A long preview draws only the fields near the screen (@tanstack/react-virtual): a 500-field
 * form otherwise keeps thousands of elements that every keystroke's style, layout and hit
 * testing walk through. The list scrolls with whatever scrolls it — the builder's preview panel
 * on a wide screen, the page on a phone — so the scroll element is found, not assumed.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FormField } from '@model/forms/field-definition';

function scrollParentOf(element: HTMLElement | null): HTMLElement {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return document.scrollingElement as HTMLElement;
}

export function VirtualFields({ shown, render }: { shown: FormField[]; render: (field: FormField) => ReactNode }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scroller, setScroller] = useState<{ element: HTMLElement; margin: number } | null>(null);
  useLayoutEffect(() => {
    const element = scrollParentOf(listRef.current);
    const margin = listRef.current!.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
    setScroller((prev) => (prev?.element === element && prev.margin === margin ? prev : { element, margin }));
  }, []);
  // The console is not built with the React Compiler, which is what this rule protects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller?.element ?? null,
    estimateSize: () => 88,
    overscan: 6,
    scrollMargin: scroller?.margin ?? 0,
    getItemKey: (index) => shown[index]!.field_name,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
      {items.map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {render(shown[item.index]!)}
        </div>
      ))}
    </div>
  );
}
