/** The confirmation before taking something out of a program (spec 2 §4: no status means Remove). */
import { Confirm } from 'react-admin';

interface ConfirmRemoveProps {
  open: boolean;
  title: string;
  content: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

export const ConfirmRemove = ({ open, title, content, busy, onConfirm, onClose }: ConfirmRemoveProps) => (
  <Confirm
    isOpen={open}
    loading={busy}
    title={title}
    content={content}
    confirm="Remove"
    cancel="Cancel"
    confirmColor="warning"
    onConfirm={onConfirm}
    onClose={onClose}
  />
);
