import { CloseOutlined, DownOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../lib/clientStore.ts';
import { HOME_TAB_ID } from './tabRules.ts';
import { useTabStore } from './tabStore.ts';

/** The tab bar: one tab per open screen, the fixed home tab first, and the close/refresh actions. */
export function TabBar() {
  const { t } = useTranslation();
  const tabView = useClientStore((state) => state.tabView);
  const { tabs, activeId, select, close, closeScope, refresh } = useTabStore();
  if (!tabView) return null;

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
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeId}
      onChange={select}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      style={{ padding: '6px 16px 0', marginBottom: 0 }}
      tabBarStyle={{ marginBottom: 0 }}
      tabBarExtraContent={
        <Dropdown menu={{ items: actions }} trigger={['click']}>
          <Button size="small" type="text" aria-label={t('tabs.actions')} icon={<DownOutlined />} />
        </Dropdown>
      }
      items={tabs.map((tab) => ({
        key: tab.id,
        label: (
          <span>
            {tab.loadingNum > 0 && <LoadingOutlined style={{ marginRight: 6 }} />}
            {tab.title.startsWith('literal:') ? tab.title.slice('literal:'.length) : t(`navBar.${tab.title}`)}
          </span>
        ),
        closable: tab.id !== HOME_TAB_ID,
      }))}
    />
  );
}
