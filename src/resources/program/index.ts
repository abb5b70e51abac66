/**
 * Programs (spec 2 §2): the lists at /program, /program/active and /program/deactive, the add and
 * edit pages at the spec's paths, and the detail page at /program/{id}. react-admin's own
 * create, edit and show routes are off: its edit route (/program/{id}) is where the detail lives.
 * Each page loads its code when opened.
 */
import { lazy } from 'react';
import type { ResourceScreens } from '../resource-screens';

const lists = () => import('./list/ProgramListPage');
const ProgramList = lazy(() => lists().then((m) => ({ default: m.ProgramList })));
const ActivePrograms = lazy(() => lists().then((m) => ({ default: m.ActivePrograms })));
const DeactivatedPrograms = lazy(() => lists().then((m) => ({ default: m.DeactivatedPrograms })));
const ProgramAdd = lazy(() => import('./form/ProgramAdd'));
const ProgramEdit = lazy(() => import('./form/ProgramEdit'));
const ProgramDetail = lazy(() => import('./detail/ProgramDetail'));
const ProgramReport = lazy(() => import('./report/ProgramReportPage'));

const program: ResourceScreens = {
  list: ProgramList,
  create: undefined,
  edit: undefined,
  show: undefined,
  routes: [
    { path: 'active', page: ActivePrograms },
    { path: 'deactive', page: DeactivatedPrograms },
    { path: 'add', page: ProgramAdd },
    { path: 'edit/:id', page: ProgramEdit },
    { path: ':id', page: ProgramDetail },
    { path: ':id/report', page: ProgramReport },
  ],
};

export default program;
