import { PlusOutlined } from '@ant-design/icons';
import { type DeviceGrantRow, type DeviceType, deviceGrantBody, usernameSchema } from '@sunstack/shared';
import { Button, Card, Checkbox, Empty, Flex, Form, Input, Modal, message, Popconfirm, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceList } from '../../../api/listDevices.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDate } from '../../../lib/format.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useGrantDevices } from '../api/grantDevices.ts';
import { useGrantList } from '../api/listGrants.ts';
import { useRevokeGrant } from '../api/revokeGrant.ts';

interface GrantForm {
  integrator: string;
  sns: string[];
  control: boolean;
}

/** Authorises an integrator for devices the caller decides for (found by SN as it types). */
function GrantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GrantForm>();
  const [search, setSearch] = useState('');
  const devices = useDeviceList({ authorisable: true, sn: search || undefined, pageSize: 50 }, { enabled: open });
  const grant = useGrantDevices();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const onOk = async () => {
    // Invalid fields show their messages; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await grant.mutateAsync({ integrator: values.integrator.trim(), sns: values.sns, control: values.control });
      void message.success(t('device.granted', { integrator: values.integrator.trim() }));
      close();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };
  return (
    <Modal
      open={open}
      title={t('device.grantTitle')}
      onOk={onOk}
      onCancel={close}
      okText={t('device.grant')}
      confirmLoading={grant.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ sns: [], control: false }}>
        <Form.Item label={t('device.integrator')} name="integrator" rules={[zodRule(usernameSchema, t)]} extra={t('device.integratorHint')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('device.grantDevices')} name="sns" rules={[zodRule(deviceGrantBody.shape.sns, t)]}>
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={devices.isFetching}
            placeholder={t('device.searchSn')}
            aria-label={t('device.grantDevices')}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.noAuthorisable')} />}
            options={devices.data?.devices.map((device) => ({
              value: device.sn,
              label: `${device.sn} · ${t(`device.types.${device.type}`)} · ${device.plantName}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="control" valuePropName="checked" extra={t('device.controlHint')}>
          <Checkbox>{t('device.control')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Data authorisation for integrators (issue 3): an administrator, or an end user for the plants it
 * owns, lets an integrator read (and optionally control) chosen devices, sees the grants, revokes.
 */
export default function DataAuthorisationPage() {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const paging = usePagedFilters<{ sn?: string; integrator?: string }>({});
  const list = useGrantList(paging.query);
  const revoke = useRevokeGrant();
  const [granting, setGranting] = useState(false);
  useTabBusy(list.isFetching);

  const columns: ColumnsType<DeviceGrantRow> = [
    { title: t('device.sn'), dataIndex: 'sn' },
    { title: t('device.type'), dataIndex: 'type', render: (type: DeviceType) => t(`device.types.${type}`) },
    { title: t('datalogger.plant'), dataIndex: 'plantName', render: (name: string) => name || '—' },
    { title: t('device.integrator'), dataIndex: 'integrator' },
    {
      title: t('device.access'),
      dataIndex: 'canControl',
      render: (control: boolean) => (control ? <Tag color="orange">{t('device.readControl')}</Tag> : <Tag>{t('device.readOnly')}</Tag>),
    },
    { title: t('device.grantedBy'), dataIndex: 'grantedBy' },
    { title: t('device.since'), dataIndex: 'since', render: (ms: number) => formatDate(ms, language) },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={t('device.revokeConfirm', { integrator: row.integrator, sn: row.sn })}
          onConfirm={async () => {
            await revoke.mutateAsync({ sn: row.sn, integrator: row.integrator });
            void message.success(t('device.revoked'));
          }}
        >
          <Button size="small">{t('device.revoke')}</Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={t('navBar.dataAuthorisation')}
      variant="borderless"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setGranting(true)}>
          {t('device.grant')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {t('device.authorisationHint')}
      </Typography.Paragraph>
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
          placeholder={t('device.searchIntegrator')}
          aria-label={t('device.searchIntegrator')}
          style={{ width: 240 }}
          onSearch={(integrator) => paging.setFilters({ integrator: integrator.trim() || undefined })}
        />
      </Flex>
      <PagedTable
        rowKey={(row) => `${row.sn}/${row.integrator}`}
        columns={columns}
        rows={list.data?.grants}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 960 }}
        emptyText={<Empty description={t('device.noGrants')} />}
      />
      <GrantDialog open={granting} onClose={() => setGranting(false)} />
    </Card>
  );
}
