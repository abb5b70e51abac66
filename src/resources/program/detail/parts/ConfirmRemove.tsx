/** The confirmation before taking something out of a program (spec 2 §4: no status means Remove). */
import { Confirm } from 'react-admin';
import { useT } from '../../../../i18n/use-t';

interface ConfirmRemoveProps {
  open: boolean;
  title: string;
  content: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

export const ConfirmRemove = ({ open, title, content, busy, onConfirm, onClose }: ConfirmRemoveProps) => {
  const t = useT();
  return (
    <Confirm
      isOpen={open}
      loading={busy}
      title={title}
      content={content}
      confirm={t('ra.action.remove')}
      cancel={t('ra.action.cancel')}
      confirmColor="warning"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
};
