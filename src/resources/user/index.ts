/**
 * Users: pages of their own (photo, password, own e-mail), at the spec's paths — /user/add,
 * /user/edit/{id}, and the read-only profile at /user/{id}, which outranks react-admin's edit
 * route there. react-admin's own /user/create and /user/{id}/show lead to the same pages.
 */
import { lazy } from 'react';
import type { User } from '@model/generated';
import type { ResourceScreens } from '../resource-screens';
import { UserList } from './UserList';

// Pages not every user opens load their code when opened (the layout shows a spinner meanwhile).
const UserCreate = lazy(() => import('./UserCreate').then((m) => ({ default: m.UserCreate })));
const UserEdit = lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit })));
const UserProfile = lazy(() => import('./UserProfile').then((m) => ({ default: m.UserProfile })));

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
