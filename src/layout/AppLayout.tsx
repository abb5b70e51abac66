import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import { UserLanguage } from './UserLanguage';
import { AppSidebar } from './AppSidebar';

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AppHeader} menu={SideMenu} sidebar={AppSidebar}>
    <UserLanguage />
    {children}
  </Layout>
);
