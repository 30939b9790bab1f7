import { DEVICE_TYPES, type DeviceType, languageTag, routeByName } from '@sunstack/shared';
import { Card, Empty, Flex, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useTab, useTabBusy } from '../../../app/tabs/TabHost.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatNumber } from '../../../lib/format.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { type DeviceRow, useDeviceList } from '../api/listDevices.ts';

/**
 * The devices in scope: the console's device list, and the integrator's list of the devices
 * authorised to it. Devices appear when their datalogger reports its inventory.
 */
export default function DeviceListPage() {
  const { t } = useTranslation();
  // The same screen serves the console's device list and the integrator's: it takes the route's title.
  const tab = useTab();
  const language = useClientStore((state) => state.language);
  const now = useNow();
  const paging = usePagedFilters<{ type?: DeviceType; sn?: string }>({});
  const { setFilters } = paging;
  const list = useDeviceList(paging.query);
  useTabBusy(list.isFetching);

  const columns: ColumnsType<DeviceRow> = [
    { title: t('device.sn'), dataIndex: 'sn' },
    { title: t('device.type'), dataIndex: 'type', render: (type: DeviceType) => t(`device.types.${type}`) },
    { title: t('device.model'), dataIndex: 'model', render: (model: string) => model || '—' },
    { title: t('datalogger.plant'), dataIndex: 'plantName', render: (name: string) => name || '—' },
    { title: t('plant.dataloggerSn'), dataIndex: 'dataloggerSn' },
    {
      title: t('device.ratedPower'),
      dataIndex: 'ratedPowerKw',
      align: 'right',
      render: (kw: number | null) => (kw === null ? '—' : `${formatNumber(kw, 1)} kW`),
    },
    {
      title: t('device.firmware'),
      dataIndex: 'firmware',
      render: (fw: Record<string, string>) => fw.master ?? Object.values(fw)[0] ?? '—',
    },
    {
      title: t('device.lastUpdate'),
      dataIndex: 'lastSeenAt',
      render: (at: number | null) => (at === null ? t('device.never') : relativeTime(at, now, languageTag(language))),
    },
  ];

  return (
    <Card title={t(`navBar.${routeByName(tab.name).title}`)} variant="borderless">
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('device.searchSn')}
          aria-label={t('device.searchSn')}
          style={{ width: 240 }}
          onSearch={(sn) => setFilters({ sn: sn || undefined })}
        />
        <Select
          allowClear
          placeholder={t('device.type')}
          aria-label={t('device.type')}
          style={{ width: 200 }}
          options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`device.types.${type}`) }))}
          onChange={(type?: DeviceType) => setFilters({ type })}
        />
      </Flex>
      <PagedTable
        rowKey="sn"
        columns={columns}
        rows={list.data?.devices}
        total={list.data?.total}
        paging={paging}
        loading={list.isFetching}
        scroll={{ x: 960 }}
        locale={{ emptyText: <Empty description={t('device.noneYet')} /> }}
      />
    </Card>
  );
}
