import { DEVOPS_LISTS, type DevopsDevice, type DevopsList, routeByName } from '@sunstack/shared';
import { Badge, Card, Collapse, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatCount, formatDateTime, formatGrouped } from '../../../lib/format.ts';
import { useLocalPagination } from '../../../lib/pagination.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useDevops } from '../api/fleet.ts';

/** How each list shows its value: a time, a signal, a ratio to the neighbours, a count. */
const VALUE_KIND: Record<DevopsList, 'time' | 'dbm' | 'ratio' | 'count'> = {
  offlineDataloggers: 'time',
  silentDevices: 'time',
  weakSignal: 'dbm',
  lowYield: 'ratio',
  repeatedFaults: 'count',
  stuckCommands: 'time',
};

/**
 * Devops (`/bus/powerStation/devops`, administrators): what in the fleet needs attention now, a list per
 * concern, each entry linked to its device (a datalogger to its plant's devices), and the firmware versions
 * in the field. Refreshes every minute.
 */
export default function DevopsPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const language = useClientStore((state) => state.language);
  const devops = useDevops();
  const firmwarePagination = useLocalPagination(devops.data?.firmware.length ?? 0, 20);
  useTabBusy(devops.isLoading);
  const show = (list: DevopsList, value: number | null) => {
    if (value === null) return '—';
    const kind = VALUE_KIND[list];
    if (kind === 'time') return formatDateTime(value, language);
    if (kind === 'dbm') return `${value} dBm`;
    if (kind === 'ratio') return `${formatGrouped(value * 100)} %`;
    return formatCount(value);
  };
  const detailPath = routeByName('inverter-detail').path;
  const devicesPath = routeByName('device').path;

  const columns = (list: DevopsList): ColumnsType<DevopsDevice> => [
    {
      title: t('devops.sn'),
      dataIndex: 'sn',
      render: (sn: string, row) =>
        row.type === 'datalogger' ? (
          row.plantId === null ? (
            sn
          ) : (
            <Link to={`${devicesPath}?plantId=${row.plantId}`}>{sn}</Link>
          )
        ) : (
          <Link to={`${detailPath}?sn=${encodeURIComponent(sn)}`}>{sn}</Link>
        ),
    },
    { title: t('devops.model'), dataIndex: 'model', render: (model: string) => model || '—' },
    { title: t('devops.plant'), dataIndex: 'plantName', render: (name: string) => name || '—' },
    { title: t(`devops.values.${list}`), dataIndex: 'value', render: (value: number | null) => show(list, value) },
    ...(list === 'lowYield' || list === 'repeatedFaults' || list === 'stuckCommands'
      ? [{ title: t(`devops.details.${list}`), dataIndex: 'detail' }]
      : []),
  ];

  if (devops.isError) return <LoadFailed error={devops.error} onRetry={() => devops.refetch()} />;
  const lists = devops.data?.lists ?? [];
  return (
    <Card title={t(`navBar.${routeByName(tab.name).title}`)} variant="borderless" loading={devops.isLoading}>
      <Collapse
        defaultActiveKey={lists.filter((l) => l.total > 0).map((l) => l.list)}
        items={[
          ...DEVOPS_LISTS.map((list) => {
            const found = lists.find((l) => l.list === list);
            return {
              key: list,
              label: (
                <span>
                  {t(`devops.lists.${list}`)}{' '}
                  <Badge count={found?.total ?? 0} showZero color={found?.total ? 'red' : 'green'} overflowCount={9999} />
                </span>
              ),
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t(`devops.hints.${list}`)}</Typography.Paragraph>
                  <Table<DevopsDevice>
                    size="small"
                    rowKey={(row) => `${row.sn}-${row.detail}`}
                    dataSource={found?.rows}
                    columns={columns(list)}
                    pagination={false}
                    scroll={{ x: 'max-content' }}
                    locale={{ emptyText: t('devops.none') }}
                  />
                </>
              ),
            };
          }),
          {
            key: 'firmware',
            label: t('devops.firmware'),
            children: (
              <Table
                size="small"
                rowKey={(row) => `${row.type}-${row.model}-${row.part}-${row.version}`}
                dataSource={devops.data?.firmware}
                pagination={firmwarePagination}
                columns={[
                  {
                    title: t('devops.type'),
                    dataIndex: 'type',
                    render: (type: string) => t(`device.types.${type}`, { defaultValue: type }),
                  },
                  { title: t('devops.model'), dataIndex: 'model' },
                  { title: t('devops.part'), dataIndex: 'part' },
                  { title: t('devops.version'), dataIndex: 'version' },
                  { title: t('devops.devices'), dataIndex: 'devices', align: 'right' },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
