import { type BlacklistEntry, blacklistSetBody, firmwareVersionSchema } from '@sunstack/shared';
import { Button, Card, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useBlacklist } from '../api/blacklist.ts';
import { useDeleteBlacklist } from '../api/deleteBlacklist.ts';
import { useSetBlacklist } from '../api/setBlacklist.ts';

interface Fields {
  version: string;
  series: string;
  reason: string;
}

/**
 * Blacklist (spec /bus/afterSaleMag/blackSet, 255): versions of a series that are never sent; blacklisting one stops
 * the upgrades still waiting to send it at once. Each change is in the operation log.
 */
export default function BlacklistPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const paging = usePagedFilters<{ series?: string }>({});
  const list = useBlacklist(paging.query);
  const set = useSetBlacklist();
  const remove = useDeleteBlacklist();
  useTabBusy(list.isFetching);

  const submit = async (fields: Fields) => {
    try {
      const { stopped } = await set.mutateAsync(fields);
      form.resetFields();
      form.setFields([{ name: 'reason', warnings: [t('blacklist.stopped', { count: stopped })] }]);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  const columns: ColumnsType<BlacklistEntry> = [
    { title: t('firmware.version'), dataIndex: 'version', width: 100 },
    { title: t('firmware.series'), dataIndex: 'series', width: 120 },
    { title: t('blacklist.reason'), dataIndex: 'reason' },
    { title: t('blacklist.operatedBy'), dataIndex: 'operatedBy', width: 140 },
    { title: t('blacklist.operateTime'), dataIndex: 'operatedAt', width: 170, render: (ms: number) => formatDateTime(ms, i18n.language) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, entry) => (
        <Permission code="blacklist.delete">
          <Popconfirm
            title={t('blacklist.deleteQuestion', { version: entry.version, series: entry.series })}
            okText={t('blacklist.delete')}
            cancelText={t('firmware.cancel')}
            onConfirm={() => remove.mutateAsync(entry.id).catch(() => {})}
          >
            <Button size="small" danger>
              {t('blacklist.delete')}
            </Button>
          </Popconfirm>
        </Permission>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('navBar.blackSet')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('blacklist.intro')}</Typography.Text>
        <Permission code="blacklist.set">
          <Form<Fields> form={form} layout="inline" onFinish={submit} requiredMark={false} style={{ rowGap: 8 }}>
            <Form.Item name="version" rules={[zodRule(firmwareVersionSchema, t)]}>
              <Input placeholder={t('firmware.version')} aria-label={t('firmware.version')} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="series" rules={[zodRule(blacklistSetBody.shape.series, t)]}>
              <Input placeholder={t('firmware.series')} aria-label={t('firmware.series')} style={{ width: 120 }} maxLength={32} />
            </Form.Item>
            <Form.Item name="reason" rules={[zodRule(blacklistSetBody.shape.reason, t)]} style={{ flex: '1 1 260px' }}>
              <Input placeholder={t('blacklist.reason')} aria-label={t('blacklist.reason')} maxLength={200} />
            </Form.Item>
            <Button type="primary" danger htmlType="submit" loading={set.isPending}>
              {t('blacklist.add')}
            </Button>
          </Form>
        </Permission>
        <Input.Search
          allowClear
          placeholder={t('blacklist.searchSeries')}
          aria-label={t('blacklist.searchSeries')}
          onSearch={(series) => paging.setFilters({ series: series || undefined })}
          style={{ maxWidth: 260 }}
        />
        <PagedTable<BlacklistEntry>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.entries}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 800 }}
          emptyText={t('blacklist.none')}
        />
      </Flex>
    </Card>
  );
}
