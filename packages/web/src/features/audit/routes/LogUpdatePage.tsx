import { Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { exportPlatformLog } from '../api/platformLog.ts';
import { ExportButton } from '../components/ExportButton.tsx';
import { Journal } from '../components/Journal.tsx';
import { PlatformLog, type PlatformLogFilters } from '../components/PlatformLog.tsx';

/**
 * Log updates (spec /bus/logUpdate, administrators): the journal of release notes every account reads, and the
 * platform log, searchable by time, kind, severity and text and exportable with its filters.
 */
export default function LogUpdatePage() {
  const { t } = useTranslation();
  const platform = usePagedFilters<PlatformLogFilters>({});
  return (
    <Card title={t('navBar.logUpdate')} variant="borderless">
      <Tabs
        items={[
          { key: 'journal', label: t('journal.name'), children: <Journal /> },
          {
            key: 'platform',
            label: t('platformLog.title'),
            children: (
              <>
                {/* Above the filters, not beside the tabs: on a phone the tab's name needs the row. */}
                <Flex justify="end" style={{ marginBottom: 16 }}>
                  <ExportButton query={platform.query} exportFile={exportPlatformLog} />
                </Flex>
                <PlatformLog paging={platform} />
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
