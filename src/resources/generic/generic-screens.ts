/**
 * What every resource of the map gets with no code of its own: the list, add and edit pages
 * when its form is a page (`form.mode: "page"`; a dialog over the list otherwise), its show
 * page, its menu icon and how its records are named.
 */
import { resourceEntry, type ResourceName } from '@model/schema-registry';
import { menuIcon } from '../../layout/menu-icons';
import type { ResourceScreens } from '../resource-screens';
import { GenericCreate, GenericEdit, GenericList, GenericShow } from './lazy-pages';

export function genericScreens(name: ResourceName): ResourceScreens {
  const entry = resourceEntry(name);
  const pages = entry.form?.mode === 'page' ? { create: GenericCreate, edit: GenericEdit } : {};
  return {
    list: GenericList,
    ...pages,
    show: GenericShow,
    ...(entry.menu && { icon: menuIcon(entry.menu.icon) }),
    recordRepresentation: entry.recordRepresentation,
  };
}
