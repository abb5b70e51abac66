/**
 * /beneficiaries and /events list the beneficiary and event types (all of them, in every
 * program); /beneficiaries/add and /events/add add one. The generic list and add page, with the
 * spec's words (spec 2 §2, §8). The spec's 'All Beneficiaries' tab would list beneficiaries,
 * which no screen records yet: it is left out rather than shown empty.
 */
import { Link } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, Route } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { RequireSession } from '../../session/RequireSession';
import { GenericCreate, GenericList } from '../generic/lazy-pages';
import { TYPE_KINDS, typeMessages, type TypeKind } from './type-kinds';
import { useT } from '../../i18n/use-t';

const BackLink = ({ to, text }: { to: string; text: string }) => (
  <Link
    component={RouterLink}
    to={to}
    underline="hover"
    color="secondary.dark"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}
  >
    <ArrowBackIcon fontSize="small" />
    {text}
  </Link>
);

const TypeListPage = ({ kind, path }: { kind: TypeKind; path: string }) => (
  <ResourceContextProvider value={kind.resource}>
    <GenericList createPath={`${path}/add`} emptyText={kind.emptyText} />
  </ResourceContextProvider>
);

const TypeAddPage = ({ kind, path }: { kind: TypeKind; path: string }) => {
  const t = useT();
  const words = typeMessages(kind.what, t);
  return (
    <ResourceContextProvider value={kind.resource}>
      <GenericCreate
        backTo={path}
        savedMessage={words.added}
        failedMessage={() => words.addFailed}
        before={
          <BackLink
            to={path}
            text={t('app.people.types.back_to_all', { name: t(`resources.${kind.resource}.name`, { smart_count: 2 }).toLocaleLowerCase() })}
          />
        }
      />
    </ResourceContextProvider>
  );
};

const PAGES = [
  { path: '/beneficiaries', kind: TYPE_KINDS.beneficiaries },
  { path: '/events', kind: TYPE_KINDS.events },
];

/** The routes, for the app's CustomRoutes (inside the layout, for signed-in users). */
export const typeRecordRoutes = PAGES.flatMap(({ path, kind }) => [
  <Route
    key={path}
    path={path}
    element={
      <RequireSession>
        <TypeListPage kind={kind} path={path} />
      </RequireSession>
    }
  />,
  <Route
    key={`${path}/add`}
    path={`${path}/add`}
    element={
      <RequireSession>
        <TypeAddPage kind={kind} path={path} />
      </RequireSession>
    }
  />,
]);
