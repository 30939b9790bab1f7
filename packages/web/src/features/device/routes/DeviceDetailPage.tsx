import { DownloadOutlined } from '@ant-design/icons';
import { languageTag, MAX_HISTORY_DAYS } from '@sunstack/shared';
import { Button, Card, Col, DatePicker, Descriptions, Empty, Flex, Result, Row, Select, Skeleton, Table, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTab, useTabBusy } from '../../../app/tabs/TabHost.tsx';
import { useTabStore } from '../../../app/tabs/tabStore.ts';
import { EChart, useChartAxis } from '../../../components/EChart.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { saveCsv } from '../../../lib/csv.ts';
import { displayValue } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { useDeviceHistory, useDeviceRealtime } from '../api/deviceData.ts';
import { useDeviceDetail } from '../api/deviceDetail.ts';
import { DeviceStatusTag } from '../components/DeviceStatusTag.tsx';

/** A chart of this many points fits any screen at about two points per pixel. */
const CHART_POINTS = 1_500;
const DEFAULT_VARIABLES = ['pvPower', 'SoC', 'meterPower', 'chargePower', 'hpPower'];

/**
 * One device (spec /bus/device/inverterDetail and the integrator's): its fields and firmware,
 * its newest values with when they were measured, and the history of any variables over a range.
 */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const tab = useTab();
  const sn = String(tab.query.sn ?? '');
  const detail = useDeviceDetail(sn);
  const realtime = useDeviceRealtime(sn);
  const now = useNow();
  const language = useClientStore((state) => state.language);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs()]);
  const names = useMemo(() => Object.keys(realtime.data?.vars ?? {}).sort(), [realtime.data]);
  const [variables, setVariables] = useState<string[]>([]);
  const chosen = variables.length > 0 ? variables : DEFAULT_VARIABLES.filter((name) => names.includes(name)).slice(0, 1);
  const history = useDeviceHistory(
    { sn, begin: range[0].valueOf(), end: range[1].valueOf(), variables: chosen, points: CHART_POINTS },
    chosen.length > 0,
  );
  useTabBusy(detail.isFetching || history.isFetching);

  useEffect(() => {
    if (detail.data && useTabStore.getState().activeId === tab.id)
      useTabStore.getState().setTitle(`literal:${detail.data.name || detail.data.sn}`);
  }, [detail.data, tab.id]);

  const option = useMemo<EChartsOption>(() => {
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'time', ...axis },
      yAxis: { type: 'value', ...axis },
      series: (history.data?.series ?? []).map((s) => ({ type: 'line', name: s.variable, showSymbol: false, data: s.data })),
    };
  }, [history.data, token, axis]);

  if (detail.error instanceof ApiError || sn === '') return <Result status="404" title={t('monitoring.deviceNotFound')} />;
  if (!detail.data) return <Skeleton active />;
  const device = detail.data;
  const values = realtime.data;
  const exportRows = () => {
    const series = history.data?.series ?? [];
    const times = [...new Set(series.flatMap((s) => s.data.map(([ts]) => ts)))].sort((a, b) => a - b);
    const byVariable = series.map((s) => new Map(s.data));
    return [
      ['time', ...series.map((s) => s.variable)],
      ...times.map((ts) => [new Date(ts).toISOString(), ...byVariable.map((m) => m.get(ts) ?? '')]),
    ];
  };

  return (
    <Flex vertical gap={16}>
      <Card title={device.name || device.sn} variant="borderless" extra={<DeviceStatusTag status={device.status} />}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'sn', label: t('device.sn'), children: device.sn },
            { key: 'type', label: t('device.type'), children: t(`device.types.${device.type}`) },
            { key: 'model', label: t('device.model'), children: device.model || '—' },
            { key: 'rated', label: t('device.ratedPower'), children: device.ratedPowerKw === null ? '—' : `${device.ratedPowerKw} kW` },
            { key: 'plant', label: t('datalogger.plant'), children: device.plantName || '—' },
            { key: 'datalogger', label: t('plant.dataloggerSn'), children: device.dataloggerSn },
            {
              key: 'firmware',
              label: t('device.firmware'),
              span: 'filled',
              children:
                Object.entries(device.firmware)
                  .map(([target, version]) => `${target} ${version}`)
                  .join(' · ') || '—',
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card
            title={t('monitoring.realtime')}
            variant="borderless"
            extra={values?.ts ? t('monitoring.updated', { when: relativeTime(values.ts, now, languageTag(language)) }) : null}
          >
            {!values || values.ts === null ? (
              <Empty description={t('monitoring.noData')} />
            ) : (
              <Table
                size="small"
                rowKey="name"
                pagination={false}
                scroll={{ y: 420 }}
                dataSource={names.map((name) => ({ name, value: values.vars[name] }))}
                columns={[
                  { title: t('monitoring.variable'), dataIndex: 'name' },
                  { title: t('monitoring.value'), dataIndex: 'value', align: 'right', render: (value: number) => displayValue(value) },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('monitoring.history')} variant="borderless">
            <Flex vertical gap={12}>
              <Flex gap={8} wrap justify="space-between">
                <Flex gap={8} wrap style={{ flex: 1 }}>
                  <Select
                    mode="multiple"
                    maxCount={10}
                    style={{ minWidth: 220, flex: 1 }}
                    value={chosen}
                    onChange={setVariables}
                    options={names.map((name) => ({ value: name, label: name }))}
                    placeholder={t('monitoring.variables')}
                    aria-label={t('monitoring.variables')}
                  />
                  <DatePicker.RangePicker
                    showTime
                    value={range}
                    allowClear={false}
                    aria-label={t('monitoring.period')}
                    disabledDate={(day, info) =>
                      day.isAfter(dayjs()) || (info.from ? Math.abs(day.diff(info.from, 'day')) > MAX_HISTORY_DAYS : false)
                    }
                    onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
                  />
                </Flex>
                <Button
                  icon={<DownloadOutlined />}
                  disabled={!history.data?.series.length}
                  onClick={() => saveCsv(`${device.sn}.csv`, exportRows())}
                >
                  {t('monitoring.exportCsv')}
                </Button>
              </Flex>
              {chosen.length === 0 || history.data?.series.every((s) => s.data.length === 0) ? (
                <Empty description={t('monitoring.noData')} />
              ) : !history.data ? (
                <Skeleton active />
              ) : (
                <EChart option={option} label={t('monitoring.history')} />
              )}
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
