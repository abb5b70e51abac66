/** /user/add (spec 1 §2, §5, §8): add a user, with an optional photo. Save needs can_create_user. */
import { useState } from 'react';
import { Alert } from '@mui/material';
import { Form, useCanAccess, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { dataProvider } from '../../providers/data-provider';
import { PhotoPicker } from './PhotoPicker';
import { UserFormFields } from './UserFormFields';
import { UserPageFrame } from './UserPageFrame';
import { UserFormActions } from './UserFormActions';
import { saveErrors } from './save-errors';
import { useT } from '../../i18n/use-t';

export const UserCreate = () => {
  const t = useT();
  const notify = useNotify();
  const navigate = useNavigate();
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'user', action: 'create' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (values: Record<string, unknown>) => {
    setProblem(null);
    let created;
    try {
      created = (await dataProvider.create('user', { data: values })).data;
    } catch (error) {
      const { fields, message } = saveErrors(error, t);
      notify('app.people.users.add_failed', { type: 'error' });
      if (!fields) setProblem(message);
      return fields;
    }
    if (photo) {
      try {
        await dataProvider.uploadUserPhoto(String(created.id), photo);
      } catch (error) {
        notify('app.people.users.added_photo_refused', { type: 'warning', messageArgs: { message: (error as Error).message } });
        navigate(`/user/edit/${created.id}`);
        return;
      }
    }
    notify('app.people.users.added', { type: 'success' });
    navigate('/user');
  };

  return (
    <UserPageFrame title={t('app.people.users.add_title')}>
      <Form onSubmit={save} resource="user">
        <PhotoPicker initials="" file={photo} onChange={setPhoto} />
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <UserFormFields withPassword />
        <UserFormActions label={t('ra.action.save')} allowed={canCreate} deniedText={t('app.people.users.denied_add')} />
      </Form>
    </UserPageFrame>
  );
};
