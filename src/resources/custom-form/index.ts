/** Custom forms: the resource's own pages at the spec's paths (spec 2 §2). */
import { lazy } from 'react';
import type { ResourceScreens } from '../resource-screens';

// The builder brings dnd-kit, and its preview RJSF and ajv: they load when a builder page opens.
const FormBuilderAdd = lazy(() => import('./builder/FormBuilderAdd'));
const FormBuilderEdit = lazy(() => import('./builder/FormBuilderEdit'));

const customForm: ResourceScreens = {
  routes: [
    { path: 'add-new', page: FormBuilderAdd },
    { path: 'edit/:id', page: FormBuilderEdit },
  ],
};

export default customForm;
