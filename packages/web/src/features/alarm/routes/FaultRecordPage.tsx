import { routeByName } from '@sunstack/shared';
import { Card, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatCount } from '../../../lib/format.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { exportFaultRecord, type FaultRecordFilters, faultRecordBody, useFaultRecord } from '../api/faultRecord.ts';
import { alarmsOfCodePath } from '../components/alarmQuery.ts';
import { DownloadButton } from '../components/ExportButton.tsx';
import { FaultRecordFilterBar } from '../components/FaultRecordFilterBar.tsx';
import { FAULT_DIMENSIONS, type FaultDimension, FaultRecordTable } from '../components/FaultRecordTable.tsx';

/**
 * Fault record (`/bus/plantMaintain/faultRecord`, administrators): the fleet's alarms raised in a
 * range, active and cleared, counted by code, by model or by firmware version, so a bad batch or a
 * bad release stands out. A code opens its alarms on the alarm screen; a model narrows the record to
 * it. Exports the three tables to xlsx.
 */
export default function FaultRecordPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const navigate = useNavigate();
  const language = useClientStore((state) => state.language);
  const menus = useClientStore((state) => state.menus);
  const [filters, setFilters] = useState<FaultRecordFilters>({});
  const [dimension, setDimension] = useState<FaultDimension>('codes');
  const record = useFaultRecord(filters);
  // A spinner for new filters only; a refetch of the same ones keeps the table as it is.
  const changing = record.isLoading || record.isPlaceholderData;
  useTabBusy(changing);
  const change = (next: Partial<FaultRecordFilters>) => setFilters((state) => ({ ...state, ...next }));
  const shown = record.data?.[dimension];

  return (
    <Card
      title={t(`navBar.${routeByName(tab.name).title}`)}
      variant="borderless"
      extra={
        <Permission code="errorRecord.download">
          <DownloadButton onDownload={() => exportFaultRecord(filters)} />
        </Permission>
      }
    >
      <FaultRecordFilterBar filters={filters} language={language} onChange={change} />
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        {/* In German the three dimensions are wider than a phone: the switch scrolls sideways instead of widening the page. */}
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Segmented<FaultDimension>
            value={dimension}
            onChange={setDimension}
            options={FAULT_DIMENSIONS.map((value) => ({ value, label: t(`faultRecord.dimensions.${value}`) }))}
          />
        </div>
        {record.data && (
          <Typography.Text type="secondary">
            {t('faultRecord.total', {
              alarms: formatCount(record.data.total.alarms),
              occurrences: formatCount(record.data.total.occurrences),
              devices: formatCount(record.data.total.devices),
            })}
          </Typography.Text>
        )}
      </Flex>
      {record.isError ? (
        // Refused (no errorRecord.query) or unreachable: said where the record would be, never an empty table.
        <LoadFailed error={record.error} onRetry={() => record.refetch()} />
      ) : (
        <FaultRecordTable
          dimension={dimension}
          record={record.data}
          language={language}
          loading={changing}
          onCode={
            menus.includes('alarm')
              ? (code) => {
                  const { begin, end } = faultRecordBody(filters, Date.now());
                  navigate(alarmsOfCodePath(code, { begin, end }));
                }
              : undefined
          }
          onModel={(subject, model) => {
            change({ subject, model });
            setDimension('codes');
          }}
        />
      )}
      <Flex vertical gap={4} style={{ marginTop: 12 }}>
        {shown && shown.groups > shown.rows.length && (
          <Typography.Text type="secondary">{t('faultRecord.topOnly', { shown: shown.rows.length, groups: shown.groups })}</Typography.Text>
        )}
        {dimension !== 'codes' && <Typography.Text type="secondary">{t('faultRecord.affectedHint')}</Typography.Text>}
        {dimension === 'firmware' && <Typography.Text type="secondary">{t('faultRecord.versionHint')}</Typography.Text>}
      </Flex>
    </Card>
  );
}
