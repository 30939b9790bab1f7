import { DeleteOutlined, FileExcelOutlined, FilePdfOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type ReportDefinition, type ReportTask, routeByName } from '@sunstack/shared';
import { Button, Card, Flex, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { downloadReportFile, useReportAction, useReportExports } from '../api/reportExports.ts';

/** Long lists (data types, recipients) wrap in their cell, so the state and the files stay in view at 1440 px. */
const WRAPPED = { maxWidth: 240, whiteSpace: 'normal' } as const;

/** A task's state (spec section 4: generating, then generation complete) with its progress bar. */
function TaskState({ task }: { task: ReportTask | undefined }) {
  const { t } = useTranslation();
  if (!task) return '—';
  if (task.state === 'generating')
    return (
      <Progress
        percent={task.progress}
        size="small"
        status="active"
        format={() => t('report.states.generating')}
        style={{ minWidth: 160 }}
      />
    );
  return <Tag color={task.state === 'done' ? 'success' : 'error'}>{t(`report.states.${task.state}`)}</Tag>;
}

/**
 * Report export (`/bus/plantMaintain/reportExport`, end users, installers, agents, distributors): the
 * caller's reports with their newest generation (state and progress while the job runs), the xlsx and PDF
 * of a finished one, generating again and deleting; a new report is defined on the report generation screen.
 */
export default function ReportExportPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const navigate = useNavigate();
  const language = useClientStore((state) => state.language);
  const paging = usePagedFilters({});
  const reports = useReportExports(paging.query);
  const generate = useReportAction('generate');
  const remove = useReportAction('delete');
  useTabBusy(reports.isLoading);

  const columns: ColumnsType<ReportDefinition> = [
    { title: t('report.name'), dataIndex: 'name' },
    {
      title: t('report.kind'),
      key: 'kind',
      render: (_, report) => (
        <Space size={4} wrap>
          {t(`report.kinds.${report.kind}`)}
          {report.scheduled && <Tag color="blue">{t('report.scheduled')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('report.date'),
      dataIndex: 'date',
      render: (date: string, report) => (report.kind === 'monthly' ? date.slice(0, 7) : date.slice(0, 4)),
    },
    {
      title: t('report.summary'),
      dataIndex: 'summary',
      render: (summary: string) => t(summary === 'plant' ? 'report.perPlant' : 'report.perDevice'),
    },
    {
      title: t('report.dataTypes'),
      dataIndex: 'dataTypes',
      render: (types: string[]) => <div style={WRAPPED}>{types.map((type) => t(`report.columns.${type}`)).join(', ')}</div>,
    },
    {
      title: t('report.emailPush'),
      dataIndex: 'emailPush',
      render: (push: boolean, report) => (push ? <div style={WRAPPED}>{report.recipients.join(', ')}</div> : '—'),
    },
    { title: t('report.state'), key: 'state', render: (_, report) => <TaskState task={report.tasks[0]} /> },
    {
      title: t('report.generatedAt'),
      key: 'finishedAt',
      render: (_, report) => (report.tasks[0]?.finishedAt ? formatDateTime(report.tasks[0].finishedAt, language) : '—'),
    },
    {
      title: t('report.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, report) => {
        const task = report.tasks[0];
        const name = `${report.name}-${task?.periodStart.slice(0, report.kind === 'monthly' ? 7 : 4) ?? ''}`;
        return (
          <Space size={4} wrap>
            <Permission code="report.download">
              {task?.files.includes('xlsx') && (
                <Tooltip title={t('report.downloadXlsx')}>
                  <Button
                    size="small"
                    icon={<FileExcelOutlined />}
                    aria-label={t('report.downloadXlsx')}
                    onClick={() => downloadReportFile(task.id, 'xlsx', name).catch(() => {})}
                  />
                </Tooltip>
              )}
              {task?.files.includes('pdf') && (
                <Tooltip title={t('report.downloadPdf')}>
                  <Button
                    size="small"
                    icon={<FilePdfOutlined />}
                    aria-label={t('report.downloadPdf')}
                    onClick={() => downloadReportFile(task.id, 'pdf', name).catch(() => {})}
                  />
                </Tooltip>
              )}
            </Permission>
            <Tooltip title={t('report.generateAgain')}>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t('report.generateAgain')}
                disabled={task?.state === 'generating'}
                onClick={() => generate.mutate(report.id)}
              />
            </Tooltip>
            <Popconfirm title={t('report.deleteConfirm')} onConfirm={() => remove.mutateAsync(report.id)}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('report.delete')} />
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={t(`navBar.${routeByName(tab.name).title}`)}
      variant="borderless"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(routeByName('report-generate').path)}>
          {t('report.new')}
        </Button>
      }
    >
      <PagedTable<ReportDefinition>
        paging={paging}
        list={reports}
        rows={reports.data?.reports}
        total={reports.data?.total}
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        emptyText={t('report.none')}
      />
      <Flex style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('report.firstDateHint')}</Typography.Text>
      </Flex>
    </Card>
  );
}
