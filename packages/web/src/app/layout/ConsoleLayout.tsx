import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu, Spin, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUnseenNotes } from '../../api/journal.ts';
import { useUserInfo } from '../../api/userInfo.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { useClientStore, useGlobalLoading } from '../../lib/clientStore.ts';
import { QueryProvider } from '../../lib/queryClient.tsx';
import { usePersistedTabs } from '../../lib/tabs/tabStorage.ts';
import { TabBar } from '../tabs/TabBar.tsx';
import { TabHost } from '../tabs/TabHost.tsx';
import { ConsoleHeader } from './ConsoleHeader.tsx';
import { menuItems } from './menuItems.tsx';

// The dialog's code loads only when there is a note to show.
const NewNotesDialog = lazy(() => import('./JournalNotes.tsx').then((module) => ({ default: module.NewNotesDialog })));

/** The journal's notes this account has not seen, once after sign-in (or the first page load after they are published). */
function NewNotesOnSignIn() {
  const notes = useUnseenNotes().data?.notes;
  if (!notes || notes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NewNotesDialog notes={notes} />
    </Suspense>
  );
}

export default function ConsoleLayout() {
  return (
    <QueryProvider>
      <Console />
    </QueryProvider>
  );
}

function Console() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const collapsed = useClientStore((state) => state.sidebarCollapsed);
  const toggleSidebar = useClientStore((state) => state.toggleSidebar);
  // On a phone the menu is a drawer that starts closed, whatever the desktop sidebar remembers.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleMenu = narrow ? () => setDrawerOpen((open) => !open) : toggleSidebar;
  const menus = useClientStore((state) => state.menus);
  const loading = useGlobalLoading();
  const access = useClientStore((state) => state.access);
  const user = useUserInfo().data?.user;
  const { token } = theme.useToken();
  usePersistedTabs(user, access);

  const menu = (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={[pathname]}
      items={menuItems(menus, t)}
      onClick={({ key }) => {
        navigate(key);
        setDrawerOpen(false);
      }}
    />
  );
  const brand = (
    <div
      style={{ height: 56, display: 'flex', alignItems: 'center', gap: 8, padding: '0 20px', color: '#fff', fontWeight: 600, fontSize: 18 }}
    >
      <BrandMark size={26} showName={!collapsed || narrow} />
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {narrow ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={240}
          styles={{ body: { padding: 0, background: '#001529' }, header: { display: 'none' } }}
        >
          {brand}
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={232}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          {brand}
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <ConsoleHeader
          menuToggle={
            <Button
              type="text"
              aria-label={t('header.toggleMenu')}
              aria-expanded={narrow ? drawerOpen : !collapsed}
              icon={(narrow ? drawerOpen : !collapsed) ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              onClick={toggleMenu}
            />
          }
        />
        <TabBar />
        <Layout.Content
          style={{
            margin: narrow ? 8 : 16,
            padding: narrow ? 12 : 20,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <Spin spinning={loading} delay={200}>
            <TabHost />
          </Spin>
        </Layout.Content>
        <NewNotesOnSignIn />
      </Layout>
    </Layout>
  );
}
