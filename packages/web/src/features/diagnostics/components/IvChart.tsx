import type { CurveDetail } from '@sunstack/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartSpec } from '../../../components/Chart.tsx';
import { formatDateTime } from '../../../lib/format.ts';

type Curve = { name: string; points: [number, number][]; dashed?: boolean; faint?: boolean };

/**
 * A string's I-V curve (current over voltage) or P-V curve (power over voltage): measured, expected for the
 * measured light and heat (dashed), the string's earlier scans and its neighbours (faint, off at first).
 */
export function IvChart({ detail, kind }: { detail: CurveDetail; kind: 'iv' | 'pv' }) {
  const { t, i18n } = useTranslation();
  const spec = useMemo<ChartSpec>(() => {
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
    const value = ([volt, current]: [number, number]) => [volt, kind === 'iv' ? current : Math.round(volt * current) / 1000] as const;
    return {
      x: { kind: 'value', unit: 'V' },
      y: { unit: kind === 'iv' ? 'A' : 'kW' },
      series: curves.map((curve) => ({
        kind: 'line',
        name: curve.name,
        dashed: curve.dashed,
        faint: curve.faint,
        data: curve.points.map(value),
      })),
    };
  }, [detail, kind, t, i18n.language]);
  return <Chart spec={spec} height={300} label={t(kind === 'iv' ? 'diagnostics.ivCurve' : 'diagnostics.pvCurve')} />;
}
