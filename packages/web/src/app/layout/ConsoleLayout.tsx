import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { routeByPath } from '@sunstack/shared';
import { Button, Drawer, Grid, Layout, Menu, Spin, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUnseenNotes } from '../../api/journal.ts';
import { useUserInfo } from '../../api/userInfo.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { useClientStore, useGlobalLoading } from '../../lib/clientStore.ts';
import { QueryProvider } from '../../lib/queryClient.tsx';
import { HOME_TAB_ID } from '../../lib/tabs/tabRules.ts';
import { usePersistedTabs } from '../../lib/tabs/tabStorage.ts';
import { activeTab, useTabStore } from '../../lib/tabs/tabStore.ts';
import { TabBar } from '../tabs/TabBar.tsx';
import { TabHost } from '../tabs/TabHost.tsx';
import { ConsoleHeader } from './ConsoleHeader.tsx';
import { menuItems } from './menuItems.tsx';

const queryString = (query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `?${search}` : '';
};

/** Keeps the address bar and the active tab in step: a new address opens its tab, a tab change moves the address. */
function useTabsFollowLocation() {
  const location = useLocation();
  const navigate = useNavigate();
  const open = useTabStore((state) => state.open);
  // The id only: the console re-renders when another tab comes to the front, not when the active
  // tab's title or query changes.
  const activeId = useTabStore((state) => state.activeId);

  useEffect(() => {
    const route = routeByPath(location.pathname);
    if (!route) return;
    const id = route.name === 'index' ? HOME_TAB_ID : `${location.pathname}${location.search}`;
    const query = Object.fromEntries(new URLSearchParams(location.search));
    open({ id, name: route.name, title: route.title, path: location.pathname, query });
  }, [location.pathname, location.search, open]);

  // Only a change of the active tab (a click, a close) moves the address; on first mount the
  // address leads and the effect above opens its tab.
  const previousActive = useRef(activeId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the active tab moves the address
  useEffect(() => {
    if (previousActive.current === activeId) return;
    previousActive.current = activeId;
    const active = activeTab(useTabStore.getState());
    const target = `${active.path}${queryString(active.query)}`;
    if (target !== `${location.pathname}${location.search}`) navigate(target);
  }, [activeId]);
}

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
  useTabsFollowLocation();
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
