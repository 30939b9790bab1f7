import { CloseOutlined, DownOutlined, EllipsisOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, theme } from 'antd';
import type { TFunction } from 'i18next';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../lib/clientStore.ts';
import { HOME_TAB_ID, type Tab } from '../../lib/tabs/tabRules.ts';
import { tabBusy, useTabStore } from '../../lib/tabs/tabStore.ts';

export const tabTitle = (tab: Tab, t: TFunction) =>
  tab.title.startsWith('literal:') ? tab.title.slice('literal:'.length) : t(`navBar.${tab.title}`);

/** The ids of the tabs not wholly visible in the scrolling strip `list`, in tab order. */
function useTabsOutOfView(list: RefObject<HTMLUListElement | null>, tabs: Tab[]) {
  const [outOfView, setOutOfView] = useState<string[]>([]);
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const hidden = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.tabId as string;
          if (entry.intersectionRatio < 0.99) hidden.add(id);
          else hidden.delete(id);
        }
        setOutOfView(tabs.filter((tab) => hidden.has(tab.id)).map((tab) => tab.id));
      },
      { root, threshold: [0.99] },
    );
    for (const item of root.children) observer.observe(item);
    return () => observer.disconnect();
  }, [list, tabs]);
  return outOfView;
}

/**
 * The tab bar: one entry per open screen, the fixed home tab first, and the close/refresh actions.
 * A list of buttons rather than an ARIA tab list, because each entry carries its own close button
 * and ARIA tabs cannot contain buttons (antd's Tabs puts its close and "more" buttons inside the
 * tab list). The strip scrolls to the active tab; the tabs out of view are in a menu after it.
 */
export function TabBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tabView = useClientStore((state) => state.tabView);
  const tabs = useTabStore((state) => state.tabs);
  const activeId = useTabStore((state) => state.activeId);
  const list = useRef<HTMLUListElement>(null);
  const outOfView = useTabsOutOfView(list, tabs);
  const overflowing = outOfView.length > 0;
  // The tab in front is always in view: opened at the end of a long strip, chosen from the menu,
  // pushed out when the menu's button appears and narrows the strip, or grown by its loading sign
  // after it was scrolled to (its size and the strip's are watched).
  useEffect(() => {
    const strip = list.current;
    const item = strip?.querySelector(`[data-tab-id="${CSS.escape(activeId)}"]`);
    if (!strip || !item) return;
    const show = () => item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    show();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(show);
    observer.observe(item);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [activeId]);
  if (!tabView) return null;
  const { closeScope, refresh, select } = useTabStore.getState();

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
      <ul
        ref={list}
        style={{ display: 'flex', gap: 4, listStyle: 'none', margin: 0, padding: 0, overflowX: 'auto', scrollbarWidth: 'thin', flex: 1 }}
      >
        {tabs.map((tab) => (
          <TabBarItem key={tab.id} tab={tab} active={tab.id === activeId} />
        ))}
      </ul>
      {overflowing && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: tabs
              .filter((tab) => outOfView.includes(tab.id))
              .map((tab) => ({ key: tab.id, label: tabTitle(tab, t), onClick: () => select(tab.id) })),
          }}
        >
          <Button
            size="small"
            type="text"
            aria-label={t('tabs.outOfView', { count: outOfView.length })}
            icon={<EllipsisOutlined />}
            // Wide enough for two digits, so a count going up does not narrow the strip.
            style={{ marginBottom: 4, minWidth: 52 }}
          >
            {outOfView.length}
          </Button>
        </Dropdown>
      )}
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
      data-tab-id={tab.id}
      style={{
        display: 'flex',
        alignItems: 'center',
        flex: 'none',
        borderRadius: `${token.borderRadius}px ${token.borderRadius}px 0 0`,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderBottom: 'none',
        background: active ? token.colorBgContainer : token.colorFillQuaternary,
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
