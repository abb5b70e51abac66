/**
 * What the generic add and edit pages share: the resource they are on, its labels, and what a
 * save does — a toast ("<Label> added" / "<Label> updated") and back to the list, or the
 * server's message as an error toast (its per-field messages land on the inputs by themselves).
 */
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { resourceEntry, resourceNamed } from '@model/schema-registry';

export function useRecordPage(done: 'added' | 'updated') {
  const resource = resourceNamed(useResourceContext()!);
  const { label } = resourceEntry(resource);
  const notify = useNotify();
  const redirect = useRedirect();
  const backToList = () => redirect('list', resource);
  const onSuccess = () => {
    notify(`${label.one} ${done}`, { type: 'success' });
    backToList();
  };
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  return { resource, label, backToList, mutationOptions: { onSuccess, onError } };
}
