import { DownOutlined, KeyOutlined, LogoutOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { canAccess, LOGIN_PATH, routeByName } from '@sunstack/shared';
import { Button, Dropdown, Flex, Grid, Layout, Switch, Tooltip, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/session.ts';
import { useUserInfo } from '../../api/userInfo.ts';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { useClientStore } from '../../lib/clientStore.ts';
import { useTabStore } from '../../lib/tabs/tabStore.ts';

// The colour picker and the password form are not on a page's first paint: each loads when first opened.
const ThemeColorPicker = lazy(() => import('./ThemeColorPicker.tsx'));
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog.tsx'));
const WhatsNewDrawer = lazy(() => import('./JournalNotes.tsx').then((module) => ({ default: module.WhatsNewDrawer })));

export function ConsoleHeader({ menuToggle }: { menuToggle: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const narrow = !Grid.useBreakpoint().md;
  const themeColor = useClientStore((state) => state.themeColor);
  const tabView = useClientStore((state) => state.tabView);
  const access = useClientStore((state) => state.access);
  const { data: user } = useUserInfo();
  const displayName = user?.name || user?.user || '';

  const onSignOut = async () => {
    await signOut();
    useTabStore.getState().reset();
    navigate(LOGIN_PATH);
  };
  const [changingPassword, setChangingPassword] = useState(false);
  const [readingNews, setReadingNews] = useState(false);
  const [pickingColour, setPickingColour] = useState<boolean>();
  const swatch = (
    <Button type="text" size="small" aria-label={t('header.themeColor')} onClick={() => setPickingColour((open) => open ?? true)}>
      <span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: themeColor }} />
    </Button>
  );
  // The spec gives the integrator no user center; its own password is changed from this menu.
  const userMenu = [
    canAccess(routeByName('user-center'), access)
      ? { key: 'center', icon: <UserOutlined />, label: t('navBar.userCenter'), onClick: () => navigate('/user/center') }
      : { key: 'password', icon: <KeyOutlined />, label: t('userCenter.changePassword'), onClick: () => setChangingPassword(true) },
    { key: 'news', icon: <NotificationOutlined />, label: t('journal.whatsNew'), onClick: () => setReadingNews(true) },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.signOut'), onClick: onSignOut },
  ];

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: '0 12px',
        height: 56,
        lineHeight: '56px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
        {menuToggle}
        <Flex align="center" gap={narrow ? 4 : 12}>
          {!narrow && (
            <Tooltip title={t('header.tabView')}>
              <Switch
                size="small"
                checked={tabView}
                onChange={(on) => useClientStore.getState().setTabView(on)}
                aria-label={t('header.tabView')}
              />
            </Tooltip>
          )}
          {pickingColour === undefined ? (
            swatch
          ) : (
            <Suspense fallback={swatch}>
              <ThemeColorPicker open={pickingColour} onOpenChange={setPickingColour}>
                {swatch}
              </ThemeColorPicker>
            </Suspense>
          )}
          <LanguageSelect />
          <Dropdown menu={{ items: userMenu }} trigger={['click']}>
            <Button type="text" aria-label={`${t('header.account')}: ${displayName}`}>
              <UserOutlined />
              {!narrow && (
                <Typography.Text ellipsis style={{ maxWidth: 160 }}>
                  {displayName}
                </Typography.Text>
              )}
              <DownOutlined />
            </Button>
          </Dropdown>
          {readingNews && (
            <Suspense fallback={null}>
              <WhatsNewDrawer onClose={() => setReadingNews(false)} />
            </Suspense>
          )}
          {changingPassword && (
            <Suspense fallback={null}>
              <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
            </Suspense>
          )}
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
