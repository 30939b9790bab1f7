import type { Batch } from '@sunstack/shared';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A batch's counts: a bar of done (green) and failed (red) among all, and the numbers. */
export function BatchProgress({ batch, compact }: { batch: Batch; compact?: boolean }) {
  const { t } = useTranslation();
  const { total, done, failed, cancelled, waiting } = batch.counts;
  const share = (part: number) => (total === 0 ? 0 : (part / total) * 100);
  return (
    <Flex vertical gap={2} style={{ minWidth: 180 }}>
      <Progress
        percent={share(done + failed + cancelled)}
        success={{ percent: share(done) }}
        strokeColor="#ff7875"
        showInfo={false}
        size="small"
        aria-label={t('batch.progress')}
      />
      <Typography.Text type="secondary" style={{ fontSize: compact ? 12 : 14 }}>
        {t('batch.counts', { total, done, failed, waiting })}
        {cancelled > 0 && ` · ${t('batch.cancelledCount', { count: cancelled })}`}
        {batch.refused > 0 && ` · ${t('batch.refusedCount', { count: batch.refused })}`}
        {batch.withoutBattery > 0 && ` · ${t('batch.withoutBatteryCount', { count: batch.withoutBattery })}`}
      </Typography.Text>
    </Flex>
  );
}
