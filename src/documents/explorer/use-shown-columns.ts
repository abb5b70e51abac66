/**
 * Which of the results' columns a person shows, remembered in this browser per user (two people
 * sharing a browser each keep their own choice), as react-admin's column chooser remembers a
 * list's. Kept in localStorage under a key of its own, so signing out does not forget it.
 */
import { useCallback, useState } from 'react';

const key = (userId: string) => `fieldbase.dataExplorer.hiddenColumns.${userId}`;

function readHidden(userId: string, known: readonly string[]): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((c): c is string => typeof c === 'string' && known.includes(c)) : [];
  } catch {
    return [];
  }
}

export function useShownColumns<C extends string>(userId: string, columns: readonly C[]) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(userId, columns));
  const toggle = useCallback(
    (column: C) =>
      setHidden((was) => {
        const next = was.includes(column) ? was.filter((c) => c !== column) : [...was, column];
        // At least one column stays: a table of no columns shows nothing to open.
        if (next.length >= columns.length) return was;
        localStorage.setItem(key(userId), JSON.stringify(next));
        return next;
      }),
    [userId, columns],
  );
  return { shown: columns.filter((c) => !hidden.includes(c)), toggle };
}
