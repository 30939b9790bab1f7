import { LineChartOutlined } from '@ant-design/icons';
import { type AlarmSummary, type AlarmView, type Language, routeByName } from '@sunstack/shared';
import { Button, Descriptions, Flex, Grid, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dataAroundLink, deviceLink } from '../../../components/alarm/alarmLinks.ts';
import { alarmName } from '../../../components/alarm/alarmName.ts';
import { SeverityTag } from '../../../components/alarm/SeverityTag.tsx';
import { faultText } from '../../../lib/faultText.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { subjectLabel } from './subjectLabel.ts';

/** The choice box and the expand button before the columns. */
const SELECT_AND_EXPAND_WIDTH = 80;

/**
 * One list of alarms (active or cleared): severity, code and name, device and plant, when it was
 * raised (again, how often) and cleared, its acknowledgement; a row opens to the likely cause and the
 * suggested action. Alarms not acknowledged yet can be chosen to acknowledge them together, or one
 * by one from the row.
 */
export function AlarmTable({
  view,
  alarms,
  menus,
  language,
  now,
  selected,
  onSelect,
  onAcknowledge,
  ...table
}: {
  view: AlarmView;
  alarms: AlarmSummary[] | undefined;
  /** Route names the account reaches: which links to offer. */
  menus: readonly string[];
  language: Language;
  /** The time "now" of the data-around link of an active alarm. */
  now: number;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onAcknowledge: (ids: number[]) => void;
} & Pick<TableProps<AlarmSummary>, 'loading' | 'pagination' | 'locale'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // In the plant's zone, as the export has them.
  const at = (ms: number, alarm: AlarmSummary) => formatDateTime(ms, language, alarm.timeZone);
  const plantDetail = menus.includes('plant-detail') ? routeByName('plant-detail').path : undefined;

  // On a phone the severity goes with the name, so the name fits beside the fixed link column.
  const narrow = Grid.useBreakpoint().md === false;
  const severityColumn: ColumnsType<AlarmSummary>[number] = {
    title: t('alarm.severity'),
    dataIndex: 'severity',
    width: 112,
    render: (severity: AlarmSummary['severity']) => <SeverityTag severity={severity} />,
  };

  const columns: ColumnsType<AlarmSummary> = [
    ...(narrow ? [] : [severityColumn]),
    {
      title: t('alarm.alarm'),
      key: 'alarm',
      width: 180,
      render: (_, alarm) => {
        // The code where the name is the catalogue's (else the name is the code), and the kind where a rule raised it.
        const detail = [
          faultText(alarm.code, language) ? t('alarm.codeOnly', { code: alarm.code }) : '',
          alarm.source === 'rule' ? t('alarm.sources.rule') : '',
        ].filter(Boolean);
        return (
          <Flex vertical align="start">
            {narrow && <SeverityTag severity={alarm.severity} />}
            <Typography.Text strong>{alarmName(alarm.code, language, t)}</Typography.Text>
            {detail.length > 0 && <Typography.Text type="secondary">{detail.join(' · ')}</Typography.Text>}
          </Flex>
        );
      },
    },
    {
      title: t('alarm.device'),
      key: 'device',
      width: 160,
      render: (_, alarm) => {
        const link = deviceLink(alarm, menus);
        // An SN longer than the column ends in an ellipsis; the whole one shows on hover.
        return (
          <Flex vertical>
            {link ? (
              <Typography.Link onClick={() => navigate(link)} ellipsis title={alarm.sn}>
                {alarm.sn}
              </Typography.Link>
            ) : (
              <Typography.Text copyable={{ text: alarm.sn }} ellipsis={{ tooltip: alarm.sn }}>
                {alarm.sn}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">{subjectLabel(alarm.subject, t)}</Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t('alarm.plant'),
      dataIndex: 'plantName',
      width: 110,
      render: (name: string, alarm) =>
        alarm.plantId && plantDetail ? (
          <Typography.Link onClick={() => navigate(`${plantDetail}?id=${alarm.plantId}`)}>{name || `#${alarm.plantId}`}</Typography.Link>
        ) : (
          name || '—'
        ),
    },
    {
      // How often it came back goes with the raised time (a column of its own was mostly empty and
      // pushed the history list past a 1440 px window); the opened row tells when it last came back.
      title: t('alarm.raisedAt'),
      key: 'raisedAt',
      width: 112,
      render: (_, alarm) => (
        <Flex vertical align="start">
          {at(alarm.raisedAt, alarm)}
          {alarm.occurrences > 1 && (
            <Tooltip title={t('alarm.occurrences', { times: alarm.occurrences })}>
              <Tag style={{ marginInlineEnd: 0 }}>×{alarm.occurrences}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    ...(view === 'history'
      ? [{ title: t('alarm.clearedAt'), dataIndex: 'clearedAt', width: 112, render: (ms: number, alarm: AlarmSummary) => at(ms, alarm) }]
      : []),
    {
      title: t('alarm.acknowledgement'),
      key: 'acknowledgement',
      width: 140,
      render: (_, alarm) =>
        alarm.acknowledgement ? (
          <Flex vertical>
            <Typography.Text ellipsis={{ tooltip: alarm.acknowledgement.by }}>{alarm.acknowledgement.by}</Typography.Text>
            <Typography.Text type="secondary">{at(alarm.acknowledgement.at, alarm)}</Typography.Text>
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: alarm.acknowledgement.comment }} style={{ margin: 0 }}>
              {alarm.acknowledgement.comment}
            </Typography.Paragraph>
          </Flex>
        ) : (
          <Button
            size="small"
            onClick={() => onAcknowledge([alarm.id])}
            aria-label={t('alarm.acknowledgeOne', { name: alarmName(alarm.code, language, t), sn: alarm.sn })}
          >
            {t('alarm.acknowledge')}
          </Button>
        ),
    },
    {
      title: (
        <Tooltip title={t('alarm.dataAround')}>
          <LineChartOutlined aria-label={t('alarm.dataAround')} />
        </Tooltip>
      ),
      key: 'actions',
      width: 56,
      // Fixed, so the link stays in reach and an opened row's advice fits the visible width.
      fixed: 'right',
      align: 'center',
      render: (_, alarm) => {
        const link = dataAroundLink(alarm, menus, now);
        return link ? (
          <Tooltip title={t('alarm.dataAround')}>
            <Button type="link" icon={<LineChartOutlined />} aria-label={t('alarm.dataAround')} onClick={() => navigate(link)} />
          </Tooltip>
        ) : (
          '—'
        );
      },
    },
  ];

  return (
    <Table<AlarmSummary>
      size="middle"
      rowKey="id"
      dataSource={alarms}
      columns={columns}
      scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), SELECT_AND_EXPAND_WIDTH) }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys as number[]),
        getTitleCheckboxProps: () => ({ 'aria-label': t('antd.selectAll') }),
        getCheckboxProps: (alarm) => ({
          disabled: alarm.acknowledgement !== null,
          'aria-label': t('alarm.choose', { name: alarmName(alarm.code, language, t), sn: alarm.sn }),
        }),
      }}
      expandable={{ expandedRowRender: (alarm) => <AlarmAdvice alarm={alarm} language={language} at={at} /> }}
      {...table}
    />
  );
}

/**
 * What a person can do about an alarm: the catalogue's likely cause and suggested action, where it
 * knows the code; and when an alarm that came back was last raised.
 */
function AlarmAdvice({
  alarm,
  language,
  at,
}: {
  alarm: AlarmSummary;
  language: Language;
  at: (ms: number, alarm: AlarmSummary) => string;
}) {
  const { t } = useTranslation();
  const text = faultText(alarm.code, language);
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        ...(text
          ? [
              { key: 'cause', label: t('alarm.cause'), children: text.cause },
              { key: 'action', label: t('alarm.suggestedAction'), children: text.action },
            ]
          : [{ key: 'unknown', label: t('alarm.cause'), children: t('alarm.noAdvice', { code: alarm.code }) }]),
        ...(alarm.occurrences > 1
          ? [
              {
                key: 'lastRaised',
                label: t('alarm.lastRaised'),
                children: `${at(alarm.lastRaisedAt, alarm)} (${t('alarm.occurrences', { times: alarm.occurrences })})`,
              },
            ]
          : []),
        { key: 'datalogger', label: t('plant.dataloggerSn'), children: alarm.dataloggerSn },
        { key: 'timeZone', label: t('plant.timeZone'), children: alarm.timeZone },
      ]}
    />
  );
}
