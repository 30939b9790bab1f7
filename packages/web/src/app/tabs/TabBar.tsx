import { CloseOutlined, DownOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../lib/clientStore.ts';
import { HOME_TAB_ID, type Tab } from '../../lib/tabs/tabRules.ts';
import { tabBusy, useTabStore } from '../../lib/tabs/tabStore.ts';

export const tabTitle = (tab: Tab, t: TFunction) =>
  tab.title.startsWith('literal:') ? tab.title.slice('literal:'.length) : t(`navBar.${tab.title}`);

/**
 * The tab bar: one entry per open screen, the fixed home tab first, and the close/refresh actions.
 * A list of buttons rather than an ARIA tab list, because each entry carries its own close button
 * and ARIA tabs cannot contain buttons.
 */
export function TabBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tabView = useClientStore((state) => state.tabView);
  const tabs = useTabStore((state) => state.tabs);
  const activeId = useTabStore((state) => state.activeId);
  if (!tabView) return null;
  const { closeScope, refresh } = useTabStore.getState();

  const actions = [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh'), onClick: () => refresh(activeId) },
    {
      key: 'active',
      icon: <CloseOutlined />,
      label: t('tabs.closeActive'),
      disabled: activeId === HOME_TAB_ID,
      onClick: () => closeScope('active'),
    },
    { key: 'others', label: t('tabs.closeOthers'), onClick: () => closeScope('others') },
    { key: 'all', label: t('tabs.closeAll'), onClick: () => closeScope('all') },
  ];

  return (
    <nav
      aria-label={t('tabs.openScreens')}
      style={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 8,
        padding: '8px 16px 0',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <ul style={{ display: 'flex', gap: 4, listStyle: 'none', margin: 0, padding: 0, overflowX: 'auto', flex: 1 }}>
        {tabs.map((tab) => (
          <TabBarItem key={tab.id} tab={tab} active={tab.id === activeId} />
        ))}
      </ul>
      <Dropdown menu={{ items: actions }} trigger={['click']}>
        <Button size="small" type="text" aria-label={t('tabs.actions')} icon={<DownOutlined />} style={{ marginBottom: 4 }} />
      </Dropdown>
    </nav>
  );
}

/** One tab's entry; it alone follows the tab's loading count, so a screen's calls re-render nothing else. */
function TabBarItem({ tab, active }: { tab: Tab; active: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const busy = useTabStore(tabBusy(tab.id));
  const { select, close } = useTabStore.getState();
  const title = tabTitle(tab, t);
  return (
    <li
      style={{
        display: 'flex',
        alignItems: 'center',
        flex: 'none',
        borderRadius: `${token.borderRadius}px ${token.borderRadius}px 0 0`,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderBottom: 'none',
        background: active ? token.colorBgContainer : token.colorFillQuaternary,
        marginBottom: -1,
      }}
    >
      <Button
        type="text"
        size="small"
        aria-current={active ? 'page' : undefined}
        onClick={() => select(tab.id)}
        style={{
          color: active ? token.colorPrimary : token.colorText,
          fontWeight: active ? 500 : 400,
          height: 32,
          padding: '0 12px',
        }}
      >
        {busy && <LoadingOutlined />}
        {title}
      </Button>
      {tab.id !== HOME_TAB_ID && (
        <Button
          type="text"
          size="small"
          aria-label={t('tabs.close', { title })}
          icon={<CloseOutlined style={{ fontSize: 10 }} />}
          onClick={() => close(tab.id)}
          style={{ marginRight: 4, width: 20, minWidth: 20, height: 20 }}
        />
      )}
    </li>
  );
}
