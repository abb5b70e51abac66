/**
 * What the generic add and edit pages share: the resource they are on, its labels, and what a
 * save does — a toast ("<Label> added" / "<Label> updated", or the page's own words) and back to
 * the list, or the server's message as an error toast (its per-field messages land on the
 * inputs by themselves).
 */
import { useNavigate } from 'react-router-dom';
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { resourceNamed } from '@model/schema-registry';
import { useT } from '../../i18n/use-t';
import { resourceLabel } from './resource-label';

export interface RecordPageWords {
  /** Where Cancel and a save lead (default: the resource's list). */
  backTo?: string;
  savedMessage?: string;
  failedMessage?: (error: Error) => string;
}

export function useRecordPage(done: 'added' | 'updated', words: RecordPageWords = {}) {
  const resource = resourceNamed(useResourceContext()!);
  const t = useT();
  const label = resourceLabel(t, resource);
  const notify = useNotify();
  const redirect = useRedirect();
  const navigate = useNavigate();
  const backToList = () => (words.backTo ? navigate(words.backTo) : redirect('list', resource));
  const onSuccess = () => {
    notify(words.savedMessage ?? t(done === 'added' ? 'app.records.form.added' : 'app.records.form.updated', { name: label.one }), {
      type: 'success',
    });
    backToList();
  };
  const onError = (error: Error) => notify(words.failedMessage?.(error) ?? error.message, { type: 'error' });
  return { resource, label, backToList, mutationOptions: { onSuccess, onError } };
}
