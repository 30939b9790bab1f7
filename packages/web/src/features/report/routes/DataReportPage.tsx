import { Access, type DataReportSort, routeByName } from '@sunstack/shared';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { exportDataReport, useDataReport } from '../api/dataReport.ts';
import { DataReportFilterBar, type DataReportFilters } from '../components/DataReportFilterBar.tsx';
import { DataReportTable } from '../components/DataReportTable.tsx';
import { ExportMenu } from '../components/ExportMenu.tsx';
import { initialPeriod, periodRange, type ReportPeriod } from '../components/reportPeriod.ts';

/**
 * Data report (`/bus/dataReport` for agents, distributors and administrators, `/bus/integrator/dataReport`
 * for integrators over their authorised devices): energy per plant or device over a day, month, year or a
 * custom range in each plant's own calendar, with ratios, specific yield and last year's PV yield, sorted and
 * paginated by the server, a totals row over everything that matches, and the whole report as xlsx or CSV.
 */
export default function DataReportPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const access = useClientStore((state) => state.access);
  const devicesOnly = access === Access.integrator;
  const [period, setPeriod] = useState<ReportPeriod>(() => initialPeriod());
  const [sort, setSort] = useState<{ sort: DataReportSort; order: 'asc' | 'desc' }>({ sort: 'pv', order: 'desc' });
  const paging = usePagedFilters<DataReportFilters>({ subject: devicesOnly ? 'device' : 'plant' });
  const { query, setFilters } = paging;
  const body = { ...query, ...periodRange(period), ...sort };
  const report = useDataReport(body);
  useTabBusy(report.isLoading || report.isPlaceholderData);
  const changePeriod = (next: Partial<ReportPeriod>) => {
    setPeriod((state) => ({ ...state, ...next }));
    setFilters({});
  };

  return (
    <Card
      title={t(`navBar.${routeByName(tab.name).title}`)}
      variant="borderless"
      extra={
        <ExportMenu
          onExport={(format) => {
            const { currentPage: _, pageSize: __, ...filters } = body;
            return exportDataReport({ ...filters, format });
          }}
        />
      }
    >
      <DataReportFilterBar period={period} onPeriod={changePeriod} filters={query} onFilters={setFilters} devicesOnly={devicesOnly} />
      <DataReportTable
        report={report.data}
        list={report}
        paging={paging}
        subject={query.subject}
        sort={sort}
        onSort={(key, order) => {
          setSort({ sort: key, order });
          setFilters({});
        }}
      />
      <Flex style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('report.localCalendar')}</Typography.Text>
      </Flex>
    </Card>
  );
}
