import { AppBar, LoadingIndicator } from 'react-admin';
import { Breadcrumbs } from './Breadcrumbs';
import { OrganisationBrand } from '../settings/OrganisationBrand';
import { NotificationsButton } from './NotificationsButton';
import { ProfileMenu } from './ProfileMenu';

/** Header: menu toggle, breadcrumb back links, notifications, loading, profile (spec 1 §2). */
export const AppHeader = () => (
  <AppBar
    color="secondary"
    userMenu={false}
    toolbar={
      <>
        <NotificationsButton />
        <LoadingIndicator />
        <ProfileMenu />
      </>
    }
  >
    <OrganisationBrand size="header" />
    <Breadcrumbs />
  </AppBar>
);
