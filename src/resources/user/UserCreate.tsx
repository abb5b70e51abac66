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

export const UserCreate = () => {
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
      const { fields, message } = saveErrors(error);
      notify('Error in Adding User', { type: 'error' });
      if (!fields) setProblem(message);
      return fields;
    }
    if (photo) {
      try {
        await dataProvider.uploadUserPhoto(String(created.id), photo);
      } catch (error) {
        notify(`User added, but the photo was refused: ${(error as Error).message}`, { type: 'warning' });
        navigate(`/user/edit/${created.id}`);
        return;
      }
    }
    notify('Added User Successfully', { type: 'success' });
    navigate('/user');
  };

  return (
    <UserPageFrame title="Add User">
      <Form onSubmit={save} resource="user">
        <PhotoPicker initials="" file={photo} onChange={setPhoto} />
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <UserFormFields withPassword />
        <UserFormActions label="Save" allowed={canCreate} deniedText="You don't have permission to add users" />
      </Form>
    </UserPageFrame>
  );
};
