import type { AgingDeviceDetail } from '@sunstack/shared';
import { theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartLegend, EChart, TIME_AXIS_LABELS, useChartAxis } from '../../../components/EChart.tsx';
import { chartTime } from '../../../lib/plantTime.ts';

/**
 * An ageing inverter's output (kW) and temperature (°C) over its run, on the device's wall clock, with the run's
 * load band (the tolerance around it) and its temperature limit as dashed lines.
 */
export function AgingChart({ detail }: { detail: AgingDeviceDetail }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const option = useMemo<EChartsOption>(() => {
    const { run, timeZone } = detail;
    const at = (ts: number) => chartTime(timeZone, ts);
    // A run's first points show as dots until they make a line.
    const few = detail.series.length < 30;
    const band = (run.outputKw * run.tolerancePct) / 100;
    const limit = (name: string, value: number, color: string) => ({
      type: 'line' as const,
      name,
      showSymbol: false,
      yAxisIndex: name === t('aging.temperatureLimit') ? 1 : 0,
      lineStyle: { type: 'dashed' as const, color, width: 1 },
      itemStyle: { color },
      data: [
        [at(run.startedAt), value],
        [at(run.endsAt), value],
      ],
    });
    return {
      useUTC: true,
      tooltip: { trigger: 'axis' },
      legend: chartLegend(token.colorText),
      grid: { left: 48, right: 48, top: 48, bottom: 32 },
      xAxis: {
        type: 'time',
        min: at(run.startedAt),
        max: at(run.endsAt),
        ...axis,
        axisLabel: { ...axis.axisLabel, formatter: TIME_AXIS_LABELS },
      },
      yAxis: [
        { type: 'value', name: 'kW', ...axis },
        { type: 'value', name: '°C', ...axis, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'line',
          name: t('aging.output'),
          showSymbol: few,
          itemStyle: { color: token.colorPrimary },
          data: detail.series.map((point) => [at(point.ts), point.output]),
        },
        {
          type: 'line',
          name: t('aging.temperature'),
          showSymbol: few,
          yAxisIndex: 1,
          itemStyle: { color: token.colorWarning },
          data: detail.series.map((point) => [at(point.ts), point.temperature]),
        },
        limit(t('aging.outputLow'), run.outputKw - band, token.colorTextTertiary),
        limit(t('aging.outputHigh'), run.outputKw + band, token.colorTextTertiary),
        limit(t('aging.temperatureLimit'), run.maxTemperature, token.colorError),
      ],
    };
  }, [detail, t, token, axis]);
  return <EChart option={option} height={320} label={t('aging.curves')} />;
}
