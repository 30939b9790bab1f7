import type { UpgradeState } from '@sunstack/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<UpgradeState, string> = {
  waiting: 'default',
  delivering: 'blue',
  upgrading: 'processing',
  done: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** A device's upgrade state (spec section 4) as a coloured tag. */
export function StateTag({ state }: { state: UpgradeState }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[state]}>{t(`upgrade.states.${state}`)}</Tag>;
}
