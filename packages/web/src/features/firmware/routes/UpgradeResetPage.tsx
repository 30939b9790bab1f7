import { upgradeResetBody } from '@sunstack/shared';
import { Alert, Button, Card, Flex, Form, Input, Progress, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useDeviceUpgrades } from '../api/deviceUpgrades.ts';
import { useResetUpgrade } from '../api/resetUpgrade.ts';
import { plantTimeText } from '../components/plantTimeText.ts';
import { ReasonText } from '../components/ReasonText.tsx';
import { StateTag } from '../components/StateTag.tsx';

/**
 * Upgrade reset (spec /bus/afterSaleMag/upgradeReset, 255): a device's latest upgrades, and a reset of the one that is
 * stuck (sent and never finished) so the device can be upgraded again; who and why go into the operation log.
 */
export default function UpgradeResetPage() {
  const { t, i18n } = useTranslation();
  const [sn, setSn] = useState('');
  const upgrades = useDeviceUpgrades(sn);
  const reset = useResetUpgrade();
  const [form] = Form.useForm<{ reason: string }>();
  const [done, setDone] = useState<number>();
  const rows = upgrades.data?.upgrades ?? [];
  const stuck = rows.some((row) => row.stuck);

  const submit = async ({ reason }: { reason: string }) => {
    try {
      setDone((await reset.mutateAsync({ sn, reason })).cleared);
      form.resetFields();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Card variant="borderless" title={t('navBar.upgradeReset')}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('upgradeReset.intro')}</Typography.Text>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('upgradeReset.sn')}
          aria-label={t('upgradeReset.sn')}
          onSearch={(value) => {
            setDone(undefined);
            setSn(value.trim());
          }}
          style={{ maxWidth: 360 }}
        />
        {upgrades.isError && <LoadFailed error={upgrades.error} onRetry={() => upgrades.refetch()} />}
        {sn !== '' && upgrades.isSuccess && (
          <Table
            rowKey="taskId"
            size="small"
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('upgradeReset.none') }}
            scroll={{ x: 800 }}
            columns={[
              { title: t('upgrade.name'), dataIndex: 'taskName' },
              { title: t('upgrade.expectedVersion'), dataIndex: 'expectedVersion', width: 110 },
              {
                title: t('upgrade.state'),
                key: 'state',
                width: 200,
                render: (_, row) => (
                  <Flex gap={4}>
                    <StateTag state={row.state} />
                    {row.stuck && <Tag color="red">{t('upgradeReset.stuck')}</Tag>}
                  </Flex>
                ),
              },
              {
                title: t('upgrade.progress'),
                dataIndex: 'progress',
                width: 150,
                render: (value: number | null) => <Progress percent={value ?? 0} size="small" />,
              },
              {
                title: t('upgrade.reason'),
                dataIndex: 'error',
                render: (error: string | null) => <ReasonText error={error} />,
              },
              {
                title: t('upgrade.updatedAt'),
                dataIndex: 'updatedAt',
                width: 170,
                render: (ms: number) => plantTimeText(ms, i18n.language, upgrades.data?.timeZone ?? null),
              },
            ]}
          />
        )}
        {done !== undefined && <Alert type="success" showIcon title={t('upgradeReset.done', { count: done })} />}
        {stuck && (
          <Form form={form} layout="inline" onFinish={submit} requiredMark={false}>
            <Form.Item name="reason" rules={[zodRule(upgradeResetBody.shape.reason, t)]} style={{ flex: '1 1 320px' }}>
              <Input placeholder={t('upgradeReset.reason')} aria-label={t('upgradeReset.reason')} maxLength={200} />
            </Form.Item>
            <Button type="primary" danger htmlType="submit" loading={reset.isPending}>
              {t('upgradeReset.reset')}
            </Button>
          </Form>
        )}
      </Flex>
    </Card>
  );
}
