/**
 * A long list that draws only the items near the screen (@tanstack/react-virtual): a form of 500
 * fields otherwise keeps thousands of elements that every keystroke's style, layout and hit
 * testing walk through, and mounts them all when it opens. The list scrolls with whatever
 * scrolls it — a panel on a wide screen, the page on a phone — so the scroll element is found,
 * not assumed. The item holding focus stays drawn however far it scrolls away, so a keyboard
 * user (dragging with the arrow keys, say) never loses their place. Lists of up to
 * VIRTUAL_FROM items are drawn whole: they are cheap, and need no measuring.
 */
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import {
  defaultRangeExtractor,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  observeWindowOffset,
  observeWindowRect,
  useVirtualizer,
  windowScroll,
  type Range,
} from '@tanstack/react-virtual';

/** The panel that scrolls the list, or the window when the page does. */
function scrollParentOf(element: HTMLElement | null): HTMLElement | Window {
  for (let node = element?.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return window;
}

/** Where the list starts within what scrolls it. */
function offsetIn(list: HTMLElement, scroller: HTMLElement | Window): number {
  const top = list.getBoundingClientRect().top;
  return scroller instanceof Window ? top + scroller.scrollY : top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

// The window is measured by its viewport, not by its document's height (which would draw every item).
const WINDOW_OPTIONS = { observeElementRect: observeWindowRect, observeElementOffset: observeWindowOffset, scrollToFn: windowScroll };
const PANEL_OPTIONS = { observeElementRect, observeElementOffset, scrollToFn: elementScroll };

export interface VirtualListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  render: (item: T) => ReactNode;
  /** A typical item's height in px, until it is measured. */
  estimateSize: number;
  /** Space between two items, in px. */
  gap?: number;
  /** Drawn as a list (`ol` of `li`, each telling its place in the whole) or as plain blocks. */
  as?: 'ol' | 'div';
  'aria-label'?: string;
  /** An item to draw wherever it is (one being dragged, say). */
  keepKey?: string;
}

/** Lists longer than this draw only what is near the screen. */
export const VIRTUAL_FROM = 100;

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

export function VirtualList<T>(props: VirtualListProps<T>) {
  return props.items.length > VIRTUAL_FROM ? <Virtualized {...props} /> : <Whole {...props} />;
}

function Whole<T>({ items, itemKey, render, gap = 0, as = 'div', 'aria-label': label }: VirtualListProps<T>) {
  const List = as;
  const Item = as === 'ol' ? 'li' : 'div';
  return (
    <List aria-label={label} style={LIST_STYLE}>
      {items.map((item, index) => (
        <Item key={itemKey(item)} style={index > 0 && gap ? { marginTop: gap } : undefined}>
          {render(item)}
        </Item>
      ))}
    </List>
  );
}

function Virtualized<T>({ items, itemKey, render, estimateSize, gap = 0, as = 'div', keepKey, ...aria }: VirtualListProps<T>) {
  const listRef = useRef<HTMLElement>(null);
  const [scroller, setScroller] = useState<{ element: HTMLElement | Window; margin: number } | null>(null);
  useLayoutEffect(() => {
    const element = scrollParentOf(listRef.current);
    const margin = offsetIn(listRef.current!, element);
    setScroller((prev) => (prev?.element === element && prev.margin === margin ? prev : { element, margin }));
  }, [items.length]);

  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    setFocusedKey((event.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key ?? null);
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
  }, []);

  const keptIndexes = [focusedKey, keepKey].flatMap((key) => {
    const index = key == null ? -1 : items.findIndex((item) => itemKey(item) === key);
    return index < 0 ? [] : [index];
  });
  const kept = keptIndexes.join(',');
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const extra = kept === '' ? [] : kept.split(',').map(Number);
      return extra.some((i) => !indexes.includes(i)) ? [...new Set([...indexes, ...extra])].sort((a, b) => a - b) : indexes;
    },
    [kept],
  );

  // The console is not built with the React Compiler, which is what this rule protects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    ...((scroller?.element instanceof Window ? WINDOW_OPTIONS : PANEL_OPTIONS) as typeof PANEL_OPTIONS),
    count: items.length,
    getScrollElement: () => (scroller?.element ?? null) as HTMLElement | null,
    estimateSize: () => estimateSize,
    gap,
    overscan: 6,
    scrollMargin: scroller?.margin ?? 0,
    getItemKey: (index) => itemKey(items[index]!),
    rangeExtractor,
  });

  const List = as;
  const Item = as === 'ol' ? 'li' : 'div';
  return (
    <List
      ref={listRef as never}
      {...aria}
      onFocus={onFocus}
      onBlur={onBlur}
      style={{ ...LIST_STYLE, position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <Item
          key={row.key}
          data-index={row.index}
          data-key={row.key}
          ref={virtualizer.measureElement}
          {...(Item === 'li' ? { 'aria-posinset': row.index + 1, 'aria-setsize': items.length } : {})}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {render(items[row.index]!)}
        </Item>
      ))}
    </List>
  );
}
