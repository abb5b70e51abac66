/** Asks before a field (or sub-field) is deleted: its settings and rules go with it. */
import { Confirm } from 'react-admin';
import { useT } from '../../../i18n/use-t';

interface DeleteFieldDialogProps {
  /** The label of the field about to go, or null when nothing is asked. */
  label: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteFieldDialog({ label, onConfirm, onClose }: DeleteFieldDialogProps) {
  const t = useT();
  return (
    <Confirm
      isOpen={label !== null}
      title={t('app.forms.builder.delete_field.title')}
      content={t('app.forms.builder.delete_field.content', { label: label || t('app.forms.builder.delete_field.no_label') })}
      confirm="ra.action.delete"
      cancel="ra.action.cancel"
      confirmColor="warning"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
