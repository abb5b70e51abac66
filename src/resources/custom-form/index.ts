/** Custom forms: the resource's own pages at the spec's paths below /custom-form/. */
import { lazy } from 'react';
import type { ResourceScreens } from '../resource-screens';

// Pages not every user opens load their code when opened.
const ViewListPage = lazy(() => import('./view-list/ViewListPage'));

const customForm: ResourceScreens = {
  routes: [{ path: 'view-list', page: ViewListPage }],
};

export default customForm;
