import {
  type DataReportResult,
  type DataReportRow,
  type DataReportSort,
  REPORT_ENERGY,
  type ReportFigures,
  routeByName,
} from '@sunstack/shared';
import { Table, Typography } from 'antd';
import type { ColumnsType, SorterResult, SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListQuery } from '../../../components/LoadFailed.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatGrouped } from '../../../lib/format.ts';
import type { usePagedFilters } from '../../../lib/usePagedFilters.ts';

type Paging = Pick<ReturnType<typeof usePagedFilters<object>>, 'query' | 'setPage'>;
type FigureKey = keyof ReportFigures;

/** Figures in the order of the files: kWp, energy, ratios, specific yield, last year. */
const FIGURES: FigureKey[] = ['kwp', ...REPORT_ENERGY, 'selfConsumption', 'autarky', 'specificYield', 'pvLastYear'];
const RATIOS = new Set<FigureKey>(['selfConsumption', 'autarky']);

/**
 * The report's rows with a totals row under them, sorted by the server (a click on a column's title),
 * each plant linked to its detail and each device to its own screen where the caller has one.
 */
export function DataReportTable({
  report,
  list,
  paging,
  subject,
  sort,
  onSort,
}: {
  report: DataReportResult | undefined;
  list: ListQuery;
  paging: Paging;
  subject: 'plant' | 'device';
  sort: { sort: DataReportSort; order: 'asc' | 'desc' };
  onSort(sort: DataReportSort, order: 'asc' | 'desc'): void;
}) {
  const { t } = useTranslation();
  const menus = useClientStore((state) => state.menus);
  const number = (value: number | null, decimals: number) => (value === null ? '—' : formatGrouped(value, decimals, decimals));
  const show = (key: FigureKey, value: number | null) =>
    RATIOS.has(key)
      ? value === null
        ? '—'
        : `${number(value * 100, 1)} %`
      : number(value, key === 'specificYield' || key === 'kwp' ? 2 : 1);
  const sortOrder = (key: string): SortOrder => (sort.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const devicePath = menus.includes('integrator-inverter-detail')
    ? routeByName('integrator-inverter-detail').path
    : menus.includes('inverter-detail')
      ? routeByName('inverter-detail').path
      : undefined;
  const plantPath = menus.includes('plant-detail') ? routeByName('plant-detail').path : undefined;

  const columns: ColumnsType<DataReportRow> = [
    {
      title: t(subject === 'plant' ? 'report.columns.plantName' : 'report.columns.sn'),
      key: 'name',
      fixed: 'left',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, row) =>
        subject === 'device' ? (
          devicePath ? (
            <Link to={`${devicePath}?sn=${encodeURIComponent(row.sn)}`}>{row.sn}</Link>
          ) : (
            row.sn
          )
        ) : plantPath ? (
          <Link to={`${plantPath}?id=${row.plantId}`}>{row.plantName}</Link>
        ) : (
          row.plantName
        ),
    },
    ...(subject === 'device'
      ? [
          { title: t('report.columns.model'), dataIndex: 'model' },
          { title: t('report.columns.plantName'), dataIndex: 'plantName' },
        ]
      : []),
    { title: t('report.columns.country'), dataIndex: 'country' },
    { title: t('report.columns.branch'), dataIndex: 'branch' },
    ...FIGURES.filter((key) => subject === 'plant' || (key !== 'kwp' && key !== 'specificYield')).map((key) => ({
      title: t(`report.columns.${key}`),
      dataIndex: key,
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOrder(key),
      render: (value: number | null) => show(key, value),
    })),
  ];

  return (
    <PagedTable<DataReportRow>
      paging={paging}
      list={list}
      rows={report?.rows}
      total={report?.total}
      rowKey={(row) => `${row.plantId}-${row.sn}`}
      columns={columns}
      scroll={{ x: 'max-content' }}
      onChange={(_, __, sorter) => {
        const { columnKey, field, order } = sorter as SorterResult<DataReportRow>;
        const key = (columnKey ?? field) as DataReportSort | undefined;
        if (key && order) onSort(key, order === 'ascend' ? 'asc' : 'desc');
      }}
      summary={() =>
        report && report.total > 0 ? (
          <Table.Summary>
            <Table.Summary.Row>
              {columns.map((column, i) => {
                const key = (column as { dataIndex?: FigureKey }).dataIndex;
                const figure = key && FIGURES.includes(key) ? report.totals[key] : undefined;
                return (
                  <Table.Summary.Cell key={String(column.key ?? key ?? i)} index={i} align={figure === undefined ? 'left' : 'right'}>
                    {i === 0 ? (
                      <Typography.Text strong>{t('report.total')}</Typography.Text>
                    ) : figure === undefined || !key ? (
                      ''
                    ) : (
                      <Typography.Text strong>{show(key, figure)}</Typography.Text>
                    )}
                  </Table.Summary.Cell>
                );
              })}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
