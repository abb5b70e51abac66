/**
 * Undo and Redo for the builder's fields: two buttons, and Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (⌘ on
 * a Mac) anywhere on the page except inside a text box, where those keys keep undoing typing as
 * the browser does (a label half typed is taken back letter by letter there; the builder's Undo
 * takes back whole edits, moves and deletions). Nor in a dialog, which has its own question.
 */
import { memo, useEffect } from 'react';
import { Button } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { useT } from '../../../i18n/use-t';

const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Where the browser's own undo of typing applies. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT_INPUTS.has(target.type);
}

/** Which of the two a key press asks for, if any. */
export function undoKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

interface UndoRedoProps {
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

export function useUndoKeys({ undo, redo }: Pick<UndoRedoProps, 'undo' | 'redo'>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const wanted = undoKey(event);
      if (!wanted || event.defaultPrevented || isTextEntry(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      event.preventDefault();
      if (wanted === 'undo') undo();
      else redo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

export const UndoRedoButtons = memo(function UndoRedoButtons({ undo, redo, canUndo, canRedo }: UndoRedoProps) {
  useUndoKeys({ undo, redo });
  const t = useT();
  return (
    <>
      <Button
        startIcon={<UndoIcon />}
        onClick={undo}
        disabled={!canUndo}
        title={t('app.forms.builder.undo.undo_title')}
        aria-keyshortcuts="Control+Z"
      >
        {t('ra.action.undo')}
      </Button>
      <Button
        startIcon={<RedoIcon />}
        onClick={redo}
        disabled={!canRedo}
        title={t('app.forms.builder.undo.redo_title')}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
      >
        {t('app.forms.builder.undo.redo')}
      </Button>
    </>
  );
});
