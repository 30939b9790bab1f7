import { FIRMWARE_TYPES, type Firmware, type FirmwareListBody, UPGRADE_DEVICE_TYPES } from '@sunstack/shared';
import { Button, Card, Descriptions, Drawer, Flex, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { fileSizeText, formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteFirmware } from '../api/deleteFirmware.ts';
import { useFirmwareList } from '../api/listFirmware.ts';
import { usePublishFirmware } from '../api/publishFirmware.ts';
import { UploadDialog } from '../components/UploadDialog.tsx';

type Filters = Omit<FirmwareListBody, 'currentPage' | 'pageSize'>;

/**
 * Firmware (spec /bus/version/firmware): the library of .hex and .bin images with their fields and limits; importing,
 * publishing and deleting behind their switches (a firmware a running task uses cannot be deleted).
 */
export default function FirmwarePage() {
  const { t, i18n } = useTranslation();
  const paging = usePagedFilters<Filters>({});
  const list = useFirmwareList(paging.query);
  const publish = usePublishFirmware();
  const remove = useDeleteFirmware();
  const [importing, setImporting] = useState(false);
  const [shown, setShown] = useState<Firmware>();
  useTabBusy(list.isFetching);
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, i18n.language));

  const columns: ColumnsType<Firmware> = [
    {
      title: t('firmware.name'),
      dataIndex: 'name',
      width: 200,
      render: (name: string, row) => (
        <Button type="link" size="small" onClick={() => setShown(row)} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    { title: t('firmware.version'), dataIndex: 'version', width: 90 },
    { title: t('firmware.code'), dataIndex: 'code', width: 110 },
    { title: t('firmware.deviceType'), dataIndex: 'deviceType', width: 120, render: (type: string) => t(`firmware.deviceTypes.${type}`) },
    { title: t('firmware.series'), dataIndex: 'series', width: 90 },
    { title: t('firmware.firmwareType'), dataIndex: 'firmwareType', width: 120, render: (type: string) => t(`firmware.types.${type}`) },
    { title: t('firmware.fileType'), dataIndex: 'fileType', width: 80 },
    { title: t('firmware.releaseTime'), dataIndex: 'releaseTime', width: 170, render: when },
    { title: t('firmware.uploadTime'), dataIndex: 'uploadedAt', width: 170, render: when },
    {
      title: t('firmware.status'),
      key: 'status',
      width: 170,
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Tag color={row.published ? 'green' : 'default'}>{t(row.published ? 'firmware.published' : 'firmware.draft')}</Tag>
          {row.internal && <Tag color="purple">{t('firmware.internalTag')}</Tag>}
          {row.blacklisted && <Tag color="red">{t('firmware.blacklisted')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4} wrap>
          {!row.published && (
            <Permission code="firmware.publish">
              <Popconfirm
                title={t('firmware.publishQuestion', { name: row.name })}
                okText={t('firmware.publish')}
                cancelText={t('firmware.cancel')}
                onConfirm={() => publish.mutateAsync(row.id).catch(() => {})}
              >
                <Button size="small">{t('firmware.publish')}</Button>
              </Popconfirm>
            </Permission>
          )}
          <Permission code="firmware.delete">
            <Popconfirm
              title={t('firmware.deleteQuestion', { name: row.name })}
              okText={t('firmware.delete')}
              cancelText={t('firmware.cancel')}
              onConfirm={() => remove.mutateAsync(row.id).catch(() => {})}
              disabled={row.inUse}
            >
              <Button size="small" danger disabled={row.inUse} title={row.inUse ? t('firmware.inUse') : undefined}>
                {t('firmware.delete')}
              </Button>
            </Popconfirm>
          </Permission>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('navBar.firmware')}
      extra={
        <Permission code="firmware.import">
          <Button type="primary" onClick={() => setImporting(true)}>
            {t('firmware.import')}
          </Button>
        </Permission>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('firmware.searchName')}
            aria-label={t('firmware.searchName')}
            onSearch={(name) => paging.setFilters({ name: name || undefined })}
            style={{ width: 220 }}
          />
          <Input.Search
            allowClear
            placeholder={t('firmware.searchVersion')}
            aria-label={t('firmware.searchVersion')}
            onSearch={(version) => paging.setFilters({ version: version || undefined })}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            placeholder={t('firmware.deviceType')}
            aria-label={t('firmware.deviceType')}
            style={{ width: 160 }}
            options={UPGRADE_DEVICE_TYPES.map((type) => ({ value: type, label: t(`firmware.deviceTypes.${type}`) }))}
            onChange={(deviceType) => paging.setFilters({ deviceType })}
          />
          <Select
            allowClear
            placeholder={t('firmware.firmwareType')}
            aria-label={t('firmware.firmwareType')}
            style={{ width: 160 }}
            options={FIRMWARE_TYPES.map((type) => ({ value: type, label: t(`firmware.types.${type}`) }))}
            onChange={(firmwareType) => paging.setFilters({ firmwareType })}
          />
          <Select
            allowClear
            placeholder={t('firmware.status')}
            aria-label={t('firmware.status')}
            style={{ width: 150 }}
            options={[
              { value: 'yes', label: t('firmware.published') },
              { value: 'no', label: t('firmware.draft') },
            ]}
            onChange={(value?: string) => paging.setFilters({ published: value === undefined ? undefined : value === 'yes' })}
          />
        </Flex>
        <PagedTable<Firmware>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.firmware}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 1500 }}
          emptyText={t('firmware.none')}
        />
      </Flex>
      <UploadDialog open={importing} onClose={() => setImporting(false)} />
      <Drawer open={shown !== undefined} title={shown?.name} onClose={() => setShown(undefined)} size={520}>
        {shown && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('firmware.fileName')}>{shown.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.version')}>{shown.version}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.code')}>{shown.code}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.size')}>{fileSizeText(shown.size)}</Descriptions.Item>
            <Descriptions.Item label="SHA-256">
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {shown.sha256}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('firmware.uploadedBy')}>{shown.uploadedBy}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.publishedAt')}>{when(shown.publishedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('firmware.limits')}>
              {shown.limits.length === 0
                ? t('firmware.noLimits')
                : shown.limits.map((limit) => (
                    <div key={`${limit.field}${limit.operator}${limit.value}`}>
                      {t(`firmware.limitFields.${limit.field}`)} {t(`firmware.operators.${limit.operator}`)} {limit.value}
                    </div>
                  ))}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </Card>
  );
}
