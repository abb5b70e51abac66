/**
 * One change to a program (or its goals, team, notifications): the call, its toast (the spec's
 * wording; the server's message where the spec gives none), and a fresh read of the program.
 */
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useProgramRefresh } from '../program-query';
import { failureMessage } from './failure';
import type { MessageKey } from '../../../../i18n/catalogue';

export type ActionOutcome = { ok: true } | { ok: false; error: unknown };

export interface ActionTexts {
  success: MessageKey;
  /** Said on failure; without it, the server's own message. */
  failure?: MessageKey;
}

export function useProgramAction(programId: string) {
  const notify = useNotify();
  const refresh = useProgramRefresh(programId);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, texts: ActionTexts): Promise<ActionOutcome> => {
    setBusy(true);
    try {
      await call();
      notify(texts.success, { type: 'success' });
      void refresh();
      return { ok: true };
    } catch (error) {
      notify(texts.failure ?? failureMessage(error, 'app.program.common.something_wrong'), { type: 'error' });
      // A refusal (locked meanwhile, a member someone else removed) means what is on screen is stale.
      void refresh();
      return { ok: false, error };
    } finally {
      setBusy(false);
    }
  };

  return { run, busy };
}
