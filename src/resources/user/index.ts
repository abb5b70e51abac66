/**
 * Users: pages of their own (photo, password, own e-mail), at the spec's paths — /user/add,
 * /user/edit/{id}, and the read-only profile at /user/{id}, which outranks react-admin's edit
 * route there. react-admin's own /user/create and /user/{id}/show lead to the same pages.
 */
import type { User } from '@model/generated';
import type { ResourceScreens } from '../resource-screens';
import { UserList } from './UserList';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserProfile } from './UserProfile';

const user: ResourceScreens = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserProfile,
  // List rows carry first and last name (the map's `fullname` is what the server sorts by).
  recordRepresentation: (record: User) => `${record.first_name} ${record.last_name}`,
  routes: [
    { path: 'add', page: UserCreate },
    { path: 'edit/:id', page: UserEdit },
    { path: ':id', page: UserProfile },
  ],
};

export default user;
