import { Alert, Card, Col, DatePicker, Empty, Flex, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { byIndex, Chart, type ChartSpec } from '../../../components/Chart.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useFigureFormat } from '../../../lib/figureFormat.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { chartTime, wallClock } from '../../../lib/plantTime.ts';
import { useBatteryHealth, useChargingSessions, useStringComparison } from '../api/ownerFigures.ts';

/**
 * What owners ask of the things that age (issue 21, owner feature 4), on a device's screen: a battery's
 * state of health and cycles by month, an EV charger's sessions of a month, an inverter's PV strings
 * side by side over a day. Days, months and times are the plant's (`timeZone`).
 */

const hours = (ms: number) => `${formatNumber(ms / 3_600_000, 1)} h`;

function ZoneNote({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
      {t('monitoring.inZone', { zone: timeZone })}
    </Typography.Text>
  );
}

export function BatteryHealthCard({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const query = useBatteryHealth(sn);
  const data = query.data;
  const spec = useMemo((): ChartSpec | undefined => {
    if (!data || data.months.length === 0) return undefined;
    return {
      x: { kind: 'category', labels: data.months.map((m) => m.month) },
      y: { unit: '%', min: (lowest) => Math.max(0, Math.floor(lowest - 2)), max: 100 },
      y2: { unit: t('owners.cycles') },
      series: [
        { kind: 'line', name: t('owners.soh'), data: byIndex(data.months.map((m) => m.soh)), dots: true },
        { kind: 'bar', name: t('owners.cycles'), right: true, data: byIndex(data.months.map((m) => m.cycles)) },
      ],
    };
  }, [data, t]);
  return (
    <Card title={t('owners.batteryHealth')} variant="borderless">
      {query.isError && !data ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title={t('owners.soh')} value={data.soh === null ? '—' : `${data.soh} %`} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('owners.cycles')} value={data.cycles === null ? '—' : formatNumber(data.cycles, 1)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('owners.capacity')} value={data.capacityKwh === null ? '—' : `${data.capacityKwh} kWh`} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('owners.discharged')} value={data.dischargedKwh === null ? '—' : `${data.dischargedKwh} kWh`} />
            </Col>
          </Row>
          {spec ? <Chart spec={spec} height={240} label={t('owners.batteryHealth')} /> : <Empty description={t('owners.noHistory')} />}
          <Typography.Text type="secondary">
            {t(data.cycleSource === 'plant' ? 'owners.cyclesFromPlant' : 'owners.cyclesFromBattery')} <ZoneNote timeZone={data.timeZone} />
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}

export function ChargingSessionsCard({ sn, timeZone }: { sn: string; timeZone: string }) {
  const { t } = useTranslation();
  const language = useClientStore((state) => state.language);
  const today = wallClock(timeZone, Date.now());
  const [month, setMonth] = useState<Dayjs>(today.startOf('month'));
  const query = useChargingSessions(sn, month.year(), month.month() + 1);
  const data = query.data;
  const zone = data?.timeZone ?? timeZone;
  const { money } = useFigureFormat(data?.currency);
  const cost = (value: number | null) => (value === null ? '—' : money(value));
  return (
    <Card title={t('owners.chargingSessions')} variant="borderless">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <DatePicker
            picker="month"
            value={month}
            allowClear={false}
            disabledDate={(d) => d.isAfter(today, 'month')}
            onChange={(value) => value && setMonth(value)}
            aria-label={t('monitoring.period')}
          />
          <ZoneNote timeZone={zone} />
        </Flex>
        {query.isError && !data ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Skeleton active />
        ) : (
          <>
            <Row gutter={[16, 16]}>
              <Col xs={12} sm={6}>
                <Statistic title={t('owners.sessionCount')} value={data.total.sessions} />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic title={t('owners.sessionEnergy')} value={`${formatNumber(data.total.energyKwh, 1)} kWh`} />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic title={t('owners.sessionDuration')} value={hours(data.total.durationMs)} />
              </Col>
              <Col xs={12} sm={6}>
                <Statistic title={t('owners.sessionCost')} value={cost(data.total.cost)} />
              </Col>
            </Row>
            <Table
              size="small"
              rowKey="start"
              pagination={false}
              scroll={{ x: true }}
              dataSource={data.sessions}
              locale={{ emptyText: t('owners.noSessions') }}
              columns={[
                { title: t('owners.sessionStart'), dataIndex: 'start', render: (ms: number) => formatDateTime(ms, language, zone) },
                {
                  title: t('owners.sessionEnd'),
                  dataIndex: 'end',
                  render: (ms: number | null) =>
                    ms === null ? <Tag color="processing">{t('owners.pluggedIn')}</Tag> : formatDateTime(ms, language, zone),
                },
                {
                  title: t('owners.sessionEnergy'),
                  dataIndex: 'energyKwh',
                  align: 'right',
                  render: (v: number) => `${formatNumber(v, 2)} kWh`,
                },
                { title: t('owners.sessionDuration'), dataIndex: 'durationMs', align: 'right', render: hours },
                { title: t('owners.chargingTime'), dataIndex: 'chargingMs', align: 'right', render: hours },
                { title: t('owners.sessionCost'), dataIndex: 'cost', align: 'right', render: cost },
              ]}
            />
            <Typography.Text type="secondary">{t('owners.sessionCostHint')}</Typography.Text>
          </>
        )}
      </Flex>
    </Card>
  );
}

export function StringComparisonCard({ sn, timeZone }: { sn: string; timeZone: string }) {
  const { t } = useTranslation();
  const today = wallClock(timeZone, Date.now());
  const [day, setDay] = useState<Dayjs>(today.startOf('day'));
  const query = useStringComparison(sn, day.format('YYYY-MM-DD'));
  const data = query.data;
  const zone = data?.timeZone ?? timeZone;
  const perKwp = data?.basis === 'configured';
  const unit = perKwp ? 'kW/kWp' : 'kW';
  const spec = useMemo((): ChartSpec | undefined => {
    if (!data || data.points.length === 0) return undefined;
    return {
      x: { kind: 'time' },
      y: { unit },
      series: data.strings.map((s, i) => ({
        kind: 'line' as const,
        name: t('owners.stringN', { n: s.string }),
        data: data.points.map((p) => [chartTime(zone, p.ts), p.values[i] ?? null] as const),
      })),
    };
  }, [data, t, zone, unit]);
  if (data && data.strings.length === 0) return null;
  return (
    <Card title={t('owners.stringComparison')} variant="borderless">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          <DatePicker
            value={day}
            allowClear={false}
            disabledDate={(d) => d.isAfter(today, 'day')}
            onChange={(value) => value && setDay(value)}
            aria-label={t('monitoring.period')}
          />
          <ZoneNote timeZone={zone} />
        </Flex>
        {query.isError && !data ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Skeleton active />
        ) : (
          <>
            {data.strings.some((s) => s.low) && (
              <Alert
                type="warning"
                showIcon
                title={t('owners.stringsLow', {
                  strings: data.strings
                    .filter((s) => s.low)
                    .map((s) => s.string)
                    .join(', '),
                })}
              />
            )}
            {spec ? <Chart spec={spec} height={260} label={t('owners.stringComparison')} /> : <Empty description={t('owners.noHistory')} />}
            <Table
              size="small"
              rowKey="string"
              pagination={false}
              scroll={{ x: true }}
              dataSource={data.strings}
              columns={[
                { title: t('owners.string'), dataIndex: 'string', render: (n: number) => t('owners.stringN', { n }) },
                ...(perKwp ? [{ title: 'kWp', dataIndex: 'kwp', align: 'right' as const }] : []),
                {
                  title: t('owners.stringEnergy'),
                  dataIndex: 'energyKwh',
                  align: 'right',
                  render: (v: number) => `${formatNumber(v, 2)} kWh`,
                },
                ...(perKwp
                  ? [{ title: 'kWh/kWp', dataIndex: 'specificYield', align: 'right' as const, render: (v: number) => formatNumber(v, 2) }]
                  : []),
                {
                  title: t('owners.ofNeighbours'),
                  dataIndex: 'ofNeighbours',
                  align: 'right',
                  render: (v: number | null, row) =>
                    v === null ? '—' : <Tag color={row.low ? 'error' : 'success'}>{`${Math.round(v * 100)} %`}</Tag>,
                },
              ]}
            />
            {!perKwp && <Typography.Text type="secondary">{t('owners.stringsUnconfigured')}</Typography.Text>}
          </>
        )}
      </Flex>
    </Card>
  );
}
