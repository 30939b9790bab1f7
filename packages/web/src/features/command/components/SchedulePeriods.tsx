import type { SchedulePeriod } from '@sunstack/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { periodText } from '../../../components/command/commandText.ts';

/** The schedule periods the device runs (local time of its plant), read-only here: the work mode screen edits them. */
export function SchedulePeriods({ periods }: { periods: SchedulePeriod[] }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('remoteSetting.settings.SchedulePeriods')}</Typography.Text>
      {periods.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('remoteSetting.noPeriods')}</Typography.Paragraph>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {periods.map((period) => (
            <li key={`${period.start}-${period.end}`}>{periodText(t, period)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
