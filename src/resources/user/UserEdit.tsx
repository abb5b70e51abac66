/**
 * /user/edit/{id} (spec 1 §2, §4): change a user; 'Change Password' for an Admin, or for
 * yourself when you are not one; Update needs can_edit_user.
 */
import { useState } from 'react';
import { Alert, Button, CircularProgress } from '@mui/material';
import { Form, useCanAccess, useGetOne, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { dataProvider, type UserRecord } from '../../providers/data-provider';
import { useSession } from '../../session/useSession';
import { storeUser, type SessionUserRecord } from '../../session/session-store';
import { PhotoPicker } from './PhotoPicker';
import { UserFormFields } from './UserFormFields';
import { UserPageFrame } from './UserPageFrame';
import { UserFormActions } from './UserFormActions';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { OwnEmailConfirmation, emailDiffers } from './OwnEmailConfirmation';
import { initialsOf, mayChangePassword, photoUrl } from './user-rules';
import { saveErrors } from './save-errors';
import { useT } from '../../i18n/use-t';

const idOf = (value: unknown) => (value && typeof value === 'object' ? (value as { _id?: string })._id : value);

export const UserEdit = () => {
  const { id = '' } = useParams();
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user: me } = useSession();
  const isMe = me?._id === id;
  // Everyone may change their own profile (not their role); others need can_edit_user.
  const { canAccess: mayEditUsers = false } = useCanAccess({ resource: 'user', action: 'edit' });
  const canEdit = mayEditUsers || isMe;
  const { data: record, isPending, error, refetch } = useGetOne<UserRecord>('user', { id });
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);

  if (isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (error || !record)
    return (
      <Alert severity="error" sx={{ m: 3 }}>
        {(error as Error)?.message ?? t('app.people.users.not_found')}
      </Alert>
    );

  // The form chooses designation and role by id; the record carries them as objects.
  const formRecord = { ...record, designation: idOf(record.designation), role: idOf(record.role) };

  const save = async (values: Record<string, unknown>) => {
    setProblem(null);
    // The current password goes along only with a change of one's own e-mail.
    const { current_password: _proof, ...rest } = values;
    const data = isMe && emailDiffers(values.email, String(record.email)) ? values : rest;
    try {
      await dataProvider.update('user', { id, data, previousData: formRecord });
      if (photo) await dataProvider.uploadUserPhoto(id, photo);
    } catch (err) {
      const { fields, message } = saveErrors(err, t);
      notify(message, { type: 'error' });
      if (!fields) setProblem(message);
      return fields;
    }
    // The server's answer replaces the stored current user when it is me (spec 1 §7).
    if (me && id === me._id) storeUser((await dataProvider.getOne<SessionUserRecord & { id: string }>('user', { id })).data);
    notify('app.people.users.updated', { type: 'success' });
    setPhoto(null);
    refetch();
    navigate('/user');
  };

  const actions = mayChangePassword(me, record) ? (
    <Button variant="outlined" color="inherit" onClick={() => setChangingPassword(true)}>
      {t('app.people.password.change')}
    </Button>
  ) : undefined;

  return (
    <UserPageFrame title={t('app.people.users.edit_title')} actions={actions}>
      <Form onSubmit={save} record={formRecord} resource="user">
        <PhotoPicker currentUrl={photoUrl(record.photo)} initials={initialsOf(record)} file={photo} onChange={setPhoto} />
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <UserFormFields withPassword={false} />
        {isMe && <OwnEmailConfirmation savedEmail={String(record.email)} />}
        <UserFormActions label={t('ra.action.update')} allowed={canEdit} deniedText={t('app.people.users.denied_edit')} />
      </Form>
      <ChangePasswordDialog
        user={{ id, email: String(record.email) }}
        self={isMe}
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
      />
    </UserPageFrame>
  );
};
