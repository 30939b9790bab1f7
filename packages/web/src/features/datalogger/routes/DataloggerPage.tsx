import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { dataloggerSnSchema, languageTag, type ModuleCreateResult } from '@sunstack/shared';
import { Alert, Button, Card, Flex, Form, Input, Modal, message, Popconfirm, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteDatalogger } from '../api/deleteDatalogger.ts';
import { type DataloggerRow, useDataloggerList } from '../api/listDataloggers.ts';
import { useRegisterDatalogger } from '../api/registerDatalogger.ts';
import { useUnbindDatalogger } from '../api/unbindDatalogger.ts';
import { ImportDialog } from '../components/ImportDialog.tsx';
import { UncreatedDevices } from '../components/UncreatedDevices.tsx';

/** Registers a datalogger and shows its MQTT secret, which is never shown again (protocol.md). */
function RegisterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ sn: string }>();
  const register = useRegisterDatalogger();
  const [issued, setIssued] = useState<ModuleCreateResult | null>(null);
  const close = () => {
    setIssued(null);
    form.resetFields();
    onClose();
  };
  const onOk = async () => {
    if (issued) return close();
    const { sn } = await form.validateFields();
    try {
      setIssued(await register.mutateAsync(sn.trim()));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  return (
    <Modal
      open={open}
      title={t('datalogger.register')}
      onOk={onOk}
      onCancel={close}
      okText={issued ? t('datalogger.done') : t('datalogger.register')}
      cancelButtonProps={{ style: issued ? { display: 'none' } : undefined }}
      confirmLoading={register.isPending}
      destroyOnHidden
    >
      {issued ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('datalogger.secretOnce')} />
          <Typography.Text>{t('datalogger.snLabel', { sn: issued.sn })}</Typography.Text>
          <Typography.Text code copyable style={{ fontSize: 16 }}>
            {issued.secret}
          </Typography.Text>
          <Typography.Text>
            {t('datalogger.checkCodeForLabel')}{' '}
            <Typography.Text code copyable>
              {issued.checkCode}
            </Typography.Text>
          </Typography.Text>
        </Flex>
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item label={t('plant.dataloggerSn')} name="sn" rules={[zodRule(dataloggerSnSchema, t)]} extra={t('plant.dataloggerSnHint')}>
            <Input inputMode="numeric" maxLength={15} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Datalogger management (spec section 2, /bus/device/module): registered dataloggers in scope, bound or not. */
export default function DataloggerPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const paging = usePagedFilters<{ sn?: string; bound?: boolean }>({});
  const { query, setFilters } = paging;
  const list = useDataloggerList(query);
  const unbind = useUnbindDatalogger();
  const remove = useDeleteDatalogger();
  const [registering, setRegistering] = useState(false);
  const [importing, setImporting] = useState(false);
  useTabBusy(list.isFetching);
  const now = useNow();
  const tag = languageTag(useClientStore((state) => state.language));
  const date = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, i18n.language));

  const columns: ColumnsType<DataloggerRow> = [
    { title: t('plant.dataloggerSn'), dataIndex: 'sn', render: (sn: string) => <Typography.Text code>{sn}</Typography.Text> },
    // The label's check code, for whoever registers dataloggers; the server answers null to the others.
    ...(list.data?.dataloggers.some((row) => row.checkCode !== null)
      ? [{ title: t('plant.checkCode'), dataIndex: 'checkCode', render: (code: string) => <Typography.Text code>{code}</Typography.Text> }]
      : []),
    {
      title: t('datalogger.plant'),
      dataIndex: 'plantName',
      render: (name: string, row) =>
        row.plantId ? (
          <Typography.Link onClick={() => navigate(`/bus/plant/detail?id=${row.plantId}`)}>{name}</Typography.Link>
        ) : (
          t('datalogger.unbound')
        ),
    },
    {
      title: t('datalogger.connection'),
      dataIndex: 'online',
      render: (online: boolean, row) => (
        <Flex vertical>
          <Tag color={online ? 'success' : 'default'} style={{ width: 'fit-content' }}>
            {t(online ? 'datalogger.online' : 'datalogger.offline')}
          </Tag>
          {row.statusAt !== null && (
            <Typography.Text type="secondary" title={date(row.statusAt)}>
              {t('datalogger.since', { when: relativeTime(row.statusAt, now, tag) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('datalogger.signal'), dataIndex: 'signal', render: (signal: number | null) => (signal === null ? '—' : `${signal} dBm`) },
    { title: t('datalogger.firmware'), dataIndex: 'firmware', render: (firmware: string) => firmware || '—' },
    { title: t('datalogger.registered'), dataIndex: 'createdAt', render: date },
    { title: t('datalogger.bound'), dataIndex: 'boundAt', render: date },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) =>
        row.plantId ? (
          <Permission code="datalogger.unbind">
            <Popconfirm
              title={t('datalogger.unbindConfirm', { sn: row.sn, plant: row.plantName })}
              onConfirm={async () => {
                await unbind.mutateAsync(row.sn);
                void message.success(t('datalogger.unbound'));
              }}
            >
              <Button size="small">{t('datalogger.unbind')}</Button>
            </Popconfirm>
          </Permission>
        ) : (
          <Permission code="datalogger.delete">
            <Popconfirm
              title={t('datalogger.deleteConfirm', { sn: row.sn })}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await remove.mutateAsync(row.sn);
                void message.success(t('datalogger.deleted', { sn: row.sn }));
              }}
            >
              <Button size="small" danger>
                {t('datalogger.delete')}
              </Button>
            </Popconfirm>
          </Permission>
        ),
    },
  ];

  return (
    <>
      <Card title={t('navBar.module')} variant="borderless">
        <Flex wrap gap={8} style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            inputMode="numeric"
            placeholder={t('datalogger.searchSn')}
            aria-label={t('datalogger.searchSn')}
            style={{ width: 240 }}
            onSearch={(sn) => setFilters({ sn: sn.replace(/\D/g, '') || undefined })}
          />
          <Select
            allowClear
            placeholder={t('datalogger.bindingFilter')}
            aria-label={t('datalogger.bindingFilter')}
            style={{ width: 200 }}
            options={[
              { value: 'bound', label: t('datalogger.onlyBound') },
              { value: 'unbound', label: t('datalogger.onlyUnbound') },
            ]}
            onChange={(value?: string) => setFilters({ bound: value === undefined ? undefined : value === 'bound' })}
          />
          {/* The screen's actions share the filter row rather than the card header, which a phone cannot fit. */}
          <Permission code="datalogger.import">
            <Flex gap={8} wrap style={{ marginLeft: 'auto' }}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('import.title')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)}>
                {t('datalogger.register')}
              </Button>
            </Flex>
          </Permission>
        </Flex>
        <PagedTable
          rowKey="sn"
          columns={columns}
          rows={list.data?.dataloggers}
          total={list.data?.total}
          paging={paging}
          list={list}
          scroll={{ x: 720 }}
        />
        <RegisterDialog open={registering} onClose={() => setRegistering(false)} />
        <ImportDialog open={importing} onClose={() => setImporting(false)} />
      </Card>
      <Permission code="device.viewUncreated">
        <UncreatedDevices />
      </Permission>
    </>
  );
}
