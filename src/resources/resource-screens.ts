/** The shape a resource's screens take (react-admin's demo: one plain object per resource folder). */
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { FormOverrides } from './generic/form-overrides';

export interface ResourceScreens {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /** How a record of this resource is named where others refer to it (a property name, or a function). */
  recordRepresentation?: ResourceProps['recordRepresentation'];
  /** Where its add and edit form differs from what its schema gives (read by every generic form). */
  form?: FormOverrides;
  /** Pages at paths of their own below /<name>/ (e.g. the spec's /user/add, /user/edit/{id}). */
  routes?: Array<{ path: string; page: ComponentType }>;
}
