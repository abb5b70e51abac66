import type { Strings } from '../catalogue';
import type { program as english } from '../en/program';
import { access, carousel, common } from './program-shared';
import { form, list } from './program-list';
import { conflicts, detail, goals, lock, notifications, overview, sync, tabs, teams } from './program-detail';
import { module_status, module_tab, module_types } from './program-modules';
import { report } from './program-report';

export const program: Strings<typeof english> = {
  common,
  access,
  carousel,
  list,
  form,
  detail,
  tabs,
  lock,
  overview,
  sync,
  conflicts,
  goals,
  notifications,
  teams,
  module_status,
  module_tab,
  module_types,
  report,
};
