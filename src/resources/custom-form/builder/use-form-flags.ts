/** What the signed-in role may do with forms (the server checks again on every call). */
import { useSession } from '../../../session/useSession';

export function useFormFlags() {
  const permission = useSession().user?.role?.permission ?? {};
  return {
    mayCreate: permission.can_create_form === true,
    mayEdit: permission.can_edit_form === true,
    mayPublish: permission.can_publish_form === true,
  };
}
