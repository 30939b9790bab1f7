import type { IvCause } from '@sunstack/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOUR: Record<IvCause, string> = {
  normal: 'green',
  open: 'red',
  shadingOrCracks: 'orange',
  soiling: 'gold',
  shunt: 'volcano',
  seriesResistance: 'magenta',
  degradation: 'purple',
  mismatch: 'blue',
  lowLight: 'default',
};

/** A string's diagnosed cause, its advice on hover. */
export function CauseTag({ cause }: { cause: IvCause }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`diagnostics.advice.${cause}`)}>
      <Tag color={COLOUR[cause]}>{t(`diagnostics.cause.${cause}`)}</Tag>
    </Tooltip>
  );
}
