import { type AlarmView, type Language, languageTag } from '@sunstack/shared';
import { Badge, Button, Empty, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmQuery } from '../../../api/queryAlarms.ts';
import { listTableState } from '../../../components/LoadFailed.tsx';
import { paginationProps } from '../../../lib/pagination.ts';
import { useNow } from '../../../lib/relativeTime.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import type { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { AckModal } from './AckModal.tsx';
import { AlarmTable } from './AlarmTable.tsx';
import { type AlarmFilters, queryBody } from './alarmQuery.ts';

/** How often the realtime list asks again while it is in view: a new alarm shows within about this long. */
export const REALTIME_REFRESH_MS = 4_000;

/**
 * One list of the alarm screen, active or cleared alarms, paged on the server. The realtime list
 * refreshes itself while `live` (its tab and list in front, the browser showing the page), keeping
 * rows, choices and open rows in place: only a new filter or page shows the spinner.
 */
export function AlarmList({
  view,
  paging,
  live,
  menus,
  language,
  onPlantName,
}: {
  view: AlarmView;
  paging: ReturnType<typeof usePagedFilters<AlarmFilters>>;
  live: boolean;
  menus: readonly string[];
  language: Language;
  /** Hands up the name of the filtered plant once a row shows it. */
  onPlantName?: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { query, setPage } = paging;
  const refresh = view === 'realtime' && live;
  const list = useAlarmQuery(view, query, () => queryBody(view, query, Date.now()), {
    refreshMs: refresh ? REALTIME_REFRESH_MS : undefined,
  });
  const changing = list.isLoading || list.isPlaceholderData;
  useTabBusy(changing);
  const now = useNow();
  const [selected, setSelected] = useState<number[]>([]);
  const [acknowledging, setAcknowledging] = useState<number[]>([]);
  // A failed load shows the failure and a retry in place of the rows, the live refresh included.
  const { failed, locale } = listTableState(
    list,
    <Empty description={t(view === 'realtime' ? 'alarm.noneActive' : 'alarm.noneCleared')} />,
  );
  const alarms = failed ? [] : list.data?.alarms;
  // Choices stay while their alarm is shown and still open to acknowledgement.
  const chosen = selected.filter((id) => alarms?.some((alarm) => alarm.id === id && alarm.acknowledgement === null));

  // Back in front after a while (another tab, the other list): ask at once rather than at the next tick.
  const { refetch, dataUpdatedAt } = list;
  useEffect(() => {
    if (refresh && dataUpdatedAt > 0 && Date.now() - dataUpdatedAt > REALTIME_REFRESH_MS) void refetch();
  }, [refresh, refetch, dataUpdatedAt]);

  const plantName = query.plantId ? alarms?.find((alarm) => alarm.plantId === query.plantId)?.plantName : undefined;
  useEffect(() => {
    if (plantName) onPlantName?.(plantName);
  }, [plantName, onPlantName]);

  return (
    <>
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12, minHeight: 32 }}>
        <Flex gap={8} align="center">
          <Button type="primary" disabled={chosen.length === 0} onClick={() => setAcknowledging(chosen)}>
            {chosen.length > 0 ? t('alarm.acknowledgeChosen', { number: chosen.length }) : t('alarm.acknowledge')}
          </Button>
          {list.data && (
            <Typography.Text type="secondary">
              {t(list.data.totalCapped ? 'alarm.totalCapped' : 'alarm.total', { number: list.data.total })}
            </Typography.Text>
          )}
        </Flex>
        {view === 'realtime' && (
          <Badge
            status={refresh ? 'processing' : 'default'}
            text={
              <Typography.Text type="secondary">
                {refresh ? t('alarm.live', { seconds: REALTIME_REFRESH_MS / 1000 }) : t('alarm.paused')}
                {list.dataUpdatedAt > 0 &&
                  ` · ${t('alarm.updatedAt', { time: new Date(list.dataUpdatedAt).toLocaleTimeString(languageTag(language)) })}`}
              </Typography.Text>
            }
          />
        )}
      </Flex>
      <AlarmTable
        view={view}
        alarms={alarms}
        menus={menus}
        language={language}
        now={now}
        selected={chosen}
        onSelect={setSelected}
        onAcknowledge={setAcknowledging}
        loading={changing}
        pagination={paginationProps(
          t,
          { current: query.currentPage, pageSize: query.pageSize, total: failed ? 0 : (list.data?.total ?? 0) },
          setPage,
        )}
        locale={locale}
      />
      <AckModal
        ids={acknowledging}
        onClose={() => setAcknowledging([])}
        onDone={() => {
          setAcknowledging([]);
          setSelected((ids) => ids.filter((id) => !acknowledging.includes(id)));
        }}
      />
    </>
  );
}
