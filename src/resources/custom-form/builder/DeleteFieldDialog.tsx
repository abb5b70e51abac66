/** Asks before a field (or sub-field) is deleted: its settings and rules go with it. */
import { Confirm } from 'react-admin';

interface DeleteFieldDialogProps {
  /** The label of the field about to go, or null when nothing is asked. */
  label: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteFieldDialog({ label, onConfirm, onClose }: DeleteFieldDialogProps) {
  return (
    <Confirm
      isOpen={label !== null}
      title="Delete field"
      content={`Delete the field "${label || 'without a label'}"? Its settings and conditions go with it.`}
      confirm="Delete"
      cancel="Cancel"
      confirmColor="warning"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
