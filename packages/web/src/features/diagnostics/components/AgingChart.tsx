import type { AgingDeviceDetail } from '@sunstack/shared';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartSpec } from '../../../components/Chart.tsx';
import { chartTime } from '../../../lib/plantTime.ts';

/**
 * An ageing inverter's output (kW) and temperature (°C) over its run, on the device's wall clock, with the run's
 * load band (the tolerance around it) and its temperature limit as dashed lines.
 */
export function AgingChart({ detail }: { detail: AgingDeviceDetail }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const spec = useMemo<ChartSpec>(() => {
    const { run, timeZone } = detail;
    const at = (ts: number) => chartTime(timeZone, ts);
    // A run's first points show as dots until they make a line.
    const few = detail.series.length < 30;
    const band = (run.outputKw * run.tolerancePct) / 100;
    const limit = (name: string, value: number, color: string, right = false) => ({
      kind: 'line' as const,
      name,
      right,
      dashed: true,
      color,
      data: [[at(run.startedAt), value] as const, [at(run.endsAt), value] as const],
    });
    return {
      x: { kind: 'time', min: at(run.startedAt), max: at(run.endsAt) },
      y: { unit: 'kW' },
      y2: { unit: '°C' },
      series: [
        {
          kind: 'line',
          name: t('aging.output'),
          dots: few,
          color: token.colorPrimary,
          data: detail.series.map((point) => [at(point.ts), point.output] as const),
        },
        {
          kind: 'line',
          name: t('aging.temperature'),
          dots: few,
          right: true,
          color: token.colorWarning,
          data: detail.series.map((point) => [at(point.ts), point.temperature] as const),
        },
        limit(t('aging.outputLow'), run.outputKw - band, token.colorTextTertiary),
        limit(t('aging.outputHigh'), run.outputKw + band, token.colorTextTertiary),
        limit(t('aging.temperatureLimit'), run.maxTemperature, token.colorError, true),
      ],
    };
  }, [detail, t, token]);
  return <Chart spec={spec} height={320} label={t('aging.curves')} />;
}
