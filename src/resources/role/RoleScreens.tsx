/** The roles table and a role's page: the generic ones, with a Permissions button on each row and on the page. */
import { GenericList, GenericShow } from '../generic/lazy-pages';
import { PermissionsButton } from './PermissionsButton';

export const RoleList = () => <GenericList rowExtras={PermissionsButton} />;

/** /role/add: the roles table with the add dialog open. */
export const RoleAdd = () => <GenericList rowExtras={PermissionsButton} startAdding />;

export const RoleShow = () => <GenericShow extras={PermissionsButton} />;
