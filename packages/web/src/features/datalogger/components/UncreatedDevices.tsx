import type { DeviceSummary, DeviceType } from '@sunstack/shared';
import { Card, Empty, Flex, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useUncreatedDevices } from '../api/uncreatedDevices.ts';

/**
 * Devices that dataloggers reported but that are in no plant yet (switch device.viewUncreated):
 * they join a plant when their datalogger is bound to one (plant add or link SN).
 */
export function UncreatedDevices() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const paging = usePagedFilters<{ sn?: string; dataloggerSn?: string }>({});
  const list = useUncreatedDevices(paging.query);
  useTabBusy(list.isFetching);
  const date = (ms: number | null) => (ms === null ? t('device.never') : formatDateTime(ms, language));

  const columns: ColumnsType<DeviceSummary> = [
    { title: t('device.sn'), dataIndex: 'sn', render: (sn: string) => <Typography.Text code>{sn}</Typography.Text> },
    { title: t('device.type'), dataIndex: 'type', render: (type: DeviceType) => t(`device.types.${type}`) },
    { title: t('device.model'), dataIndex: 'model', render: (model: string) => model || '—' },
    { title: t('plant.dataloggerSn'), dataIndex: 'dataloggerSn' },
    { title: t('device.lastUpdate'), dataIndex: 'lastSeenAt', render: date },
  ];

  return (
    <Card title={t('datalogger.uncreatedTitle')} variant="borderless" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('datalogger.uncreatedHint')}</Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('device.searchSn')}
          aria-label={t('device.searchSn')}
          style={{ width: 240 }}
          onSearch={(sn) => paging.setFilters({ sn: sn.trim() || undefined })}
        />
        <Input.Search
          allowClear
          inputMode="numeric"
          placeholder={t('datalogger.searchSn')}
          aria-label={t('datalogger.searchSn')}
          style={{ width: 240 }}
          onSearch={(sn) => paging.setFilters({ dataloggerSn: sn.replace(/\D/g, '') || undefined })}
        />
      </Flex>
      <PagedTable
        rowKey="sn"
        columns={columns}
        rows={list.data?.devices}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 720 }}
        emptyText={<Empty description={t('datalogger.noUncreated')} />}
      />
    </Card>
  );
}
