import { type Language, routeByName } from '@sunstack/shared';
import { Button, Card, Descriptions, Flex, Grid, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmName } from '../../../components/alarm/alarmName.ts';
import { SeverityTag } from '../../../components/alarm/SeverityTag.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Result } from '../../../components/Result.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useAgingDevice } from '../api/aging.ts';
import { AgingChart } from '../components/AgingChart.tsx';
import { AgingStatusTag, agingReasonText } from '../components/AgingStatus.tsx';

/**
 * Ageing inverter detail (spec /bus/aging, hidden, 255): an inverter's output and temperature over its run against
 * the criteria, its verdict and the alarms it raised; times on the device's plant clock.
 */
export default function AgingInverterDetailPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  // Labels above their values on a phone: a long label leaves its value no room beside it.
  const narrow = Grid.useBreakpoint().md === false;
  const navigate = useNavigate();
  const { query } = useTab();
  const runId = Number(query.run) || undefined;
  const sn = query.sn || undefined;
  const detail = useAgingDevice(runId && sn ? { runId, sn } : undefined);
  useTabBusy(detail.isFetching);

  if (!runId || !sn || detail.error instanceof ApiError) return <Result status="404" title={t('aging.deviceNotFound')} />;
  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  const device = detail.data;
  const when = (ms: number | null) => (ms === null ? '–' : formatDateTime(ms, i18n.language, device.timeZone));

  return (
    <Card
      variant="borderless"
      title={`${device.sn} · ${device.run.name}`}
      extra={<Button onClick={() => navigate(`${routeByName('aging-inverter').path}?run=${device.run.id}`)}>{t('aging.backToRun')}</Button>}
    >
      <Flex vertical gap={16}>
        <Descriptions
          layout={narrow ? 'vertical' : 'horizontal'}
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'status', label: t('aging.status'), children: <AgingStatusTag status={device.status} /> },
            {
              key: 'reason',
              label: t('aging.reason'),
              children: agingReasonText(device.reason, device.reasonValue, language, t) || '–',
            },
            { key: 'samples', label: t('aging.samples'), children: device.samples },
            { key: 'started', label: t('aging.startedAt'), children: when(device.run.startedAt) },
            { key: 'ends', label: t('aging.endsAt'), children: when(device.run.endsAt) },
            { key: 'zone', label: t('aging.timeZone'), children: device.timeZone },
            {
              key: 'mean',
              label: t('aging.meanOutput'),
              children: device.meanOutput === null ? '–' : `${formatNumber(device.meanOutput, 2)} kW`,
            },
            {
              key: 'max',
              label: t('aging.maxTemperatureSeen'),
              children: device.maxTemperature === null ? '–' : `${formatNumber(device.maxTemperature, 1)} °C`,
            },
            {
              key: 'criteria',
              label: t('aging.criteria'),
              children: t('aging.criteriaText', {
                output: formatNumber(device.run.outputKw, 2),
                tolerance: device.run.tolerancePct,
                temperature: device.run.maxTemperature,
              }),
            },
          ]}
        />
        {device.series.length === 0 ? (
          <Typography.Text type="secondary">{t('aging.noData')}</Typography.Text>
        ) : (
          <AgingChart detail={device} />
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('aging.alarms')}
        </Typography.Title>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={device.alarms}
          locale={{ emptyText: t('aging.noAlarms') }}
          scroll={{ x: 640 }}
          columns={[
            { title: t('aging.alarm'), key: 'name', render: (_, row) => `${row.code} ${alarmName(row.code, language, t)}` },
            {
              title: t('aging.severity'),
              key: 'severity',
              width: 110,
              render: (_, row) => <SeverityTag severity={row.severity as 'fault'} />,
            },
            { title: t('aging.raisedAt'), key: 'raised', width: 170, render: (_, row) => when(row.raisedAt) },
            { title: t('aging.clearedAt'), key: 'cleared', width: 170, render: (_, row) => when(row.clearedAt) },
          ]}
        />
      </Flex>
    </Card>
  );
}
