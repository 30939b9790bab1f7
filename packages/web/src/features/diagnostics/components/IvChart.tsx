import type { CurveDetail } from '@sunstack/shared';
import { theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartLegend, EChart, useChartAxis } from '../../../components/EChart.tsx';
import { formatDateTime } from '../../../lib/format.ts';

type Curve = { name: string; points: [number, number][]; dashed?: boolean; faint?: boolean };

/**
 * A string's I-V curve (current over voltage) or P-V curve (power over voltage): measured, expected for the
 * measured light and heat (dashed), the string's earlier scans and its neighbours (faint, off at first).
 */
export function IvChart({ detail, kind }: { detail: CurveDetail; kind: 'iv' | 'pv' }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const option = useMemo<EChartsOption>(() => {
    const curves: Curve[] = [
      { name: t('diagnostics.measured'), points: detail.measured },
      ...(detail.expected ? [{ name: t('diagnostics.expected'), points: detail.expected, dashed: true }] : []),
      ...detail.earlier.map((curve) => ({
        name: formatDateTime(curve.at, i18n.language, detail.timeZone),
        points: curve.points,
        faint: true,
      })),
      ...detail.neighbours.map((curve) => ({
        name: t('diagnostics.stringNumber', { n: curve.string }),
        points: curve.points,
        faint: true,
      })),
    ];
    const value = ([volt, current]: [number, number]) => [volt, kind === 'iv' ? current : Math.round(volt * current) / 1000];
    return {
      tooltip: { trigger: 'axis' },
      legend: {
        ...chartLegend(token.colorText),
        selected: Object.fromEntries(curves.filter((curve) => curve.faint).map((curve) => [curve.name, false])),
      },
      grid: { left: 56, right: 24, top: 48, bottom: 40 },
      xAxis: { type: 'value', name: 'V', ...axis },
      yAxis: { type: 'value', name: kind === 'iv' ? 'A' : 'kW', ...axis },
      series: curves.map((curve) => ({
        type: 'line',
        name: curve.name,
        showSymbol: false,
        data: curve.points.map(value),
        lineStyle: { type: curve.dashed ? 'dashed' : 'solid', opacity: curve.faint ? 0.6 : 1 },
      })),
    };
  }, [detail, kind, t, i18n.language, token.colorText, axis]);
  return <EChart option={option} height={300} label={t(kind === 'iv' ? 'diagnostics.ivCurve' : 'diagnostics.pvCurve')} />;
}
