import { BellOutlined } from '@ant-design/icons';
import { type AlarmView, routeByName } from '@sunstack/shared';
import { Button, Card, Grid, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { AlarmFilterBar } from '../components/AlarmFilterBar.tsx';
import { AlarmList } from '../components/AlarmList.tsx';
import { type AlarmFilters, exportBody, filtersFromQuery } from '../components/alarmQuery.ts';
import { ExportButton } from '../components/ExportButton.tsx';
import { NotificationDrawer } from '../components/NotificationDrawer.tsx';
import { usePageVisible } from '../components/usePageVisible.ts';

const VIEWS: AlarmView[] = ['realtime', 'history'];

/**
 * Alarms (`/bus/alarm`, and the integrator's `/bus/integrator/alarm`: the server scopes the data):
 * active alarms (realtime, refreshing itself) and cleared ones (history) in two tabs. Plant, SN,
 * kind, severity and code filter both; each keeps its own range and page, and a list stays mounted
 * once shown. `?plantId=` and `?sn=` open it filtered. Exports the shown list to xlsx.
 */
export default function AlarmPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const tabActive = useTabStore((state) => state.activeId === tab.id);
  const menus = useClientStore((state) => state.menus);
  const language = useClientStore((state) => state.language);
  const [initial] = useState(() => filtersFromQuery(tab.query));
  const lists = { realtime: usePagedFilters<AlarmFilters>(initial), history: usePagedFilters<AlarmFilters>(initial) };
  const [view, setView] = useState<AlarmView>('realtime');
  const [shown, setShown] = useState<ReadonlySet<AlarmView>>(new Set(['realtime']));
  const [plantName, setPlantName] = useState<string>();
  const active = lists[view];
  const pageVisible = usePageVisible();
  const [notifying, setNotifying] = useState(false);
  // On a phone the button keeps only its bell, so the card's title still shows beside the export.
  const narrow = Grid.useBreakpoint().sm === false;

  const onView = (next: AlarmView) => {
    setView(next);
    if (!shown.has(next)) setShown(new Set([...shown, next]));
  };

  return (
    <Card
      title={t(`navBar.${routeByName(tab.name).title}`)}
      variant="borderless"
      activeTabKey={view}
      onTabChange={(key) => onView(key as AlarmView)}
      tabList={VIEWS.map((key) => ({ key, label: t(`alarm.views.${key}`) }))}
      tabProps={{ size: 'middle' }}
      extra={
        <Space wrap>
          <Button icon={<BellOutlined />} aria-label={t('alarmNotify.button')} onClick={() => setNotifying(true)}>
            {narrow ? null : t('alarmNotify.button')}
          </Button>
          <ExportButton filters={() => exportBody(view, active.query, Date.now())} />
        </Space>
      }
    >
      <AlarmFilterBar
        view={view}
        filters={active.query}
        language={language}
        plantSearch={menus.includes('plant')}
        plantName={plantName}
        onChange={(filters) => {
          lists.realtime.setFilters(filters);
          lists.history.setFilters(filters);
        }}
        onRange={(range) => active.setFilters({ range })}
      />
      {VIEWS.filter((key) => shown.has(key)).map((key) => (
        <div key={key} hidden={key !== view}>
          <AlarmList
            view={key}
            paging={lists[key]}
            live={tabActive && pageVisible && key === view}
            menus={menus}
            language={language}
            onPlantName={setPlantName}
          />
        </div>
      ))}
      <NotificationDrawer open={notifying} plantSearch={menus.includes('plant')} onClose={() => setNotifying(false)} />
    </Card>
  );
}
