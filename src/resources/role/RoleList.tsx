/** The roles table: the generic list with a Permissions button on each row. */
import { GenericList } from '../generic/GenericList';
import { PermissionsButton } from './PermissionsButton';

export const RoleList = () => <GenericList rowExtras={PermissionsButton} />;

/** /role/add: the roles table with the add dialog open. */
export const RoleAdd = () => <GenericList rowExtras={PermissionsButton} startAdding />;
