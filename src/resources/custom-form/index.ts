/**
 * Custom forms (spec 2 §2): the forms table at /custom-form and the pages at the spec's paths
 * below it. Each page loads its code when opened, so RJSF, ajv and dnd-kit stay out of the
 * first page.
 */
import { lazy } from 'react';
import type { ResourceScreens } from '../resource-screens';

const CustomFormList = lazy(() => import('./list/CustomFormList').then((m) => ({ default: m.CustomFormList })));
const FormBuilderAdd = lazy(() => import('./builder/FormBuilderAdd'));
const FormBuilderEdit = lazy(() => import('./builder/FormBuilderEdit'));
const FormRevisionsPage = lazy(() => import('./revisions/FormRevisionsPage').then((m) => ({ default: m.FormRevisionsPage })));
const ViewListPage = lazy(() => import('./view-list/ViewListPage'));

const customForm: ResourceScreens = {
  list: CustomFormList,
  routes: [
    { path: 'add-new', page: FormBuilderAdd },
    { path: 'edit/:id', page: FormBuilderEdit },
    { path: 'form-revisions/:id', page: FormRevisionsPage },
    { path: 'view-list', page: ViewListPage },
  ],
};

export default customForm;
