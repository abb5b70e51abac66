/** "Dashboard / Designations" (in the language in use): each earlier step is a link back (spec 1 §2, header breadcrumb). */
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { resourceMap } from '@model/schema-registry';
import { translate } from '../providers/i18n-provider';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';

const WORDS: Record<string, MessageKey> = {
  add: 'app.shell.crumbs.add',
  'add-new': 'app.shell.crumbs.add',
  edit: 'app.shell.crumbs.edit',
  permission: 'app.shell.crumbs.permissions',
  dashboard: 'app.shell.menu.dashboard',
  'data-explorer': 'app.shell.menu.data_explorer',
  settings: 'app.shell.menu.settings',
  support: 'app.shell.menu.support',
  audit: 'app.shell.menu.audit',
  create: 'app.shell.crumbs.add',
  show: 'app.shell.crumbs.details',
  'form-revisions': 'app.shell.crumbs.revisions',
  'view-list': 'app.shell.crumbs.view_lists',
  report: 'app.shell.crumbs.reports',
  // The program lists by status (spec 2 §2: /program/active, /program/deactive).
  active: 'app.shell.crumbs.active',
  deactive: 'app.shell.crumbs.deactivated',
  // The type record pages outside any resource's path (spec 2 §2).
  beneficiaries: 'app.shell.crumbs.beneficiary_types',
  events: 'app.shell.crumbs.event_types',
};
/** After these words the next segment is an id, which gets no crumb of its own. */
const BEFORE_ID = new Set(['edit', 'permission', 'form-revisions']);

export interface Crumb {
  label: string;
  to: string;
}

/** The page at /<resource>/{id}: a user's profile, a page-mode resource's edit page (react-admin's path), else details. */
const idPage = (resource: string): MessageKey =>
  resource === 'user'
    ? 'app.shell.profile.profile'
    : resourceMap[resource]?.form?.mode === 'page'
      ? 'app.shell.crumbs.edit'
      : 'app.shell.crumbs.details';

/** A resource's name in the plural, in the language in use. */
const resourceName = (name: string) => translate(`resources.${name}.name`, { smart_count: 2, _: resourceMap[name]!.label.many });

export function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: translate('app.shell.menu.dashboard'), to: '/dashboard' }];
  segments.forEach((segment, i) => {
    if (i === 0 && segment === 'dashboard') return;
    if (i > 0 && BEFORE_ID.has(segments[i - 1]!)) return;
    // /<resource>/{id}/show: the step names the page; the id alone would lead to the edit page.
    if (i === 1 && segments[2] === 'show') return;
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    const word = WORDS[segment] ?? (i > 0 ? idPage(segments[0]!) : undefined);
    const label = i === 0 && resourceMap[segment] ? resourceName(segment) : word ? translate(word) : segment;
    crumbs.push({ label, to });
  });
  return crumbs;
}

export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  const t = useT();
  // A phone has room for the way back and where one is ("Users / Profile"), not the whole trail.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const crumbs = crumbsFor(pathname).slice(phone ? -2 : 0);
  return (
    <MuiBreadcrumbs
      aria-label={t('app.shell.header.breadcrumb')}
      sx={{
        flex: 1,
        ml: 1,
        minWidth: 0,
        whiteSpace: 'nowrap',
        '& ol': { flexWrap: 'nowrap', overflow: 'hidden' },
        '& li:last-of-type': { minWidth: 0 },
      }}
    >
      {crumbs.map((crumb, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={crumb.to} color="text.primary" noWrap sx={{ fontWeight: 600 }}>
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.to} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
};
