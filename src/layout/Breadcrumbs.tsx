/** "Dashboard / Designations": each earlier step is a link back (spec 1 §2, header breadcrumb). */
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { resourceMap } from '@model/schema-registry';

const WORDS: Record<string, string> = {
  add: 'Add',
  'add-new': 'Add',
  edit: 'Edit',
  permission: 'Permissions',
  dashboard: 'Dashboard',
  'data-explorer': 'Data Explorer',
  settings: 'Settings',
  support: 'Support',
  audit: 'Audit log',
  create: 'Add',
  show: 'Details',
  'form-revisions': 'Revisions',
  'view-list': 'View Lists',
  report: 'Reports',
  // The program lists by status (spec 2 §2: /program/active, /program/deactive).
  active: 'Active',
  deactive: 'Deactivated',
  // The type record pages outside any resource's path (spec 2 §2).
  beneficiaries: 'Beneficiary Types',
  events: 'Event Types',
};
/** After these words the next segment is an id, which gets no crumb of its own. */
const BEFORE_ID = new Set(['edit', 'permission', 'form-revisions']);

export interface Crumb {
  label: string;
  to: string;
}

/** The page at /<resource>/{id}: a user's profile, a page-mode resource's edit page (react-admin's path), else details. */
const idPage = (resource: string) => (resource === 'user' ? 'Profile' : resourceMap[resource]?.form?.mode === 'page' ? 'Edit' : 'Details');

export function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/dashboard' }];
  segments.forEach((segment, i) => {
    if (i === 0 && segment === 'dashboard') return;
    if (i > 0 && BEFORE_ID.has(segments[i - 1]!)) return;
    // /<resource>/{id}/show: the step names the page; the id alone would lead to the edit page.
    if (i === 1 && segments[2] === 'show') return;
    const to = `/${segments.slice(0, i + 1).join('/')}`;
    const label = (i === 0 && resourceMap[segment]?.label.many) || WORDS[segment] || (i > 0 ? idPage(segments[0]!) : segment);
    crumbs.push({ label, to });
  });
  return crumbs;
}

export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  // A phone has room for the way back and where one is ("Users / Profile"), not the whole trail.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const crumbs = crumbsFor(pathname).slice(phone ? -2 : 0);
  return (
    <MuiBreadcrumbs
      aria-label="breadcrumb"
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
