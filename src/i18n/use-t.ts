/** react-admin's translate, typed by the catalogue: a key that English lacks fails the type check. */
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { MessageKey } from './catalogue';

export type Translate = (key: MessageKey, options?: Record<string, unknown>) => string;

export function useT(): Translate {
  const translate = useTranslate();
  return useCallback((key, options) => translate(key, options), [translate]);
}
