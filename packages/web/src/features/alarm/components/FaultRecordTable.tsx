import { type AlarmSubject, type FaultRecordResult, type Language, languageTag } from '@sunstack/shared';
import { Empty, Flex, Grid, Progress, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { alarmName } from '../../../components/alarm/alarmName.ts';
import { SeverityTag } from '../../../components/alarm/SeverityTag.tsx';
import { formatCount } from '../../../lib/format.ts';
import { affectedShares } from './faultShares.ts';
import { subjectLabel } from './subjectLabel.ts';

export const FAULT_DIMENSIONS = ['codes', 'models', 'firmware'] as const;
export type FaultDimension = (typeof FAULT_DIMENSIONS)[number];

type Counts = { alarms: number; occurrences: number; devices: number };
type CodeGroup = FaultRecordResult['codes']['rows'][number];
type FleetGroup = Counts & { subject: AlarmSubject; value: string; fleetDevices: number; share: number; standsOut: boolean };

/**
 * One dimension of the fault record as a table, in the order the server ranks it (most alarms first;
 * the number columns sort). Alarms show with a bar against the largest group; models and firmware
 * versions with the share of the fleet's devices affected, red where it stands out. A code opens its
 * alarms (`onCode`, where the account reaches the alarm screen), a model filters by it (`onModel`).
 * On a phone the name goes under the code (the type under the model) and the counts that explain the
 * bars give way, so the bars stay in view.
 */
export function FaultRecordTable({
  dimension,
  record,
  language,
  loading,
  onCode,
  onModel,
}: {
  dimension: FaultDimension;
  record: FaultRecordResult | undefined;
  language: Language;
  loading: boolean;
  onCode?: (code: number) => void;
  onModel: (subject: AlarmSubject, model: string) => void;
}) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const { token } = theme.useToken();
  // Bars against the largest group of the dimension shown: the one to look at first fills its bar.
  const largest = Math.max(0, ...(record?.[dimension].rows ?? []).map((group) => group.alarms));
  const counted = <T extends Counts>(): ColumnsType<T> => [
    {
      title: t('faultRecord.alarms'),
      dataIndex: 'alarms',
      width: narrow ? 80 : 150,
      sorter: (a, b) => a.alarms - b.alarms,
      render: (alarms: number) => (
        <Flex align="center" gap={8}>
          <Progress
            percent={largest > 0 ? (100 * alarms) / largest : 0}
            status="normal"
            size="small"
            showInfo={false}
            aria-label={`${t('faultRecord.alarms')}: ${formatCount(alarms)}`}
            style={{ width: narrow ? 32 : 72, margin: 0 }}
          />
          {formatCount(alarms)}
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            title: t('faultRecord.occurrences'),
            dataIndex: 'occurrences',
            width: 120,
            sorter: (a: T, b: T) => a.occurrences - b.occurrences,
            render: formatCount,
          },
        ]),
    {
      title: t('faultRecord.devices'),
      dataIndex: 'devices',
      width: narrow ? 90 : 140,
      sorter: (a, b) => a.devices - b.devices,
      render: formatCount,
    },
  ];
  const empty = { emptyText: <Empty description={t('faultRecord.none')} /> };
  const scrollOf = (columns: { width?: number | string }[]) => ({ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0) });

  if (dimension === 'codes') {
    const code = (value: number) =>
      onCode ? (
        <Typography.Link onClick={() => onCode(value)} aria-label={t('faultRecord.openAlarms', { code: value })}>
          {value}
        </Typography.Link>
      ) : (
        value
      );
    const columns: ColumnsType<CodeGroup> = narrow
      ? [
          {
            title: t('alarm.alarm'),
            dataIndex: 'code',
            width: 150,
            render: (value: number, group) => (
              <Flex vertical align="start">
                {/* Wraps: a long severity (French "Avertissement") goes below the code instead of squeezing it digit by digit. */}
                <Flex gap={8} align="center" wrap>
                  {code(value)}
                  <SeverityTag severity={group.severity} />
                </Flex>
                <Typography.Text type="secondary">{alarmName(value, language, t)}</Typography.Text>
              </Flex>
            ),
          },
          ...counted<CodeGroup>(),
        ]
      : [
          { title: t('alarm.code'), dataIndex: 'code', width: 90, render: code },
          { title: t('alarm.alarm'), dataIndex: 'code', key: 'name', width: 220, render: (value: number) => alarmName(value, language, t) },
          { title: t('alarm.severity'), dataIndex: 'severity', width: 110, render: (severity) => <SeverityTag severity={severity} /> },
          ...counted<CodeGroup>(),
        ];
    return (
      <Table<CodeGroup>
        size="middle"
        rowKey="code"
        dataSource={record?.codes.rows}
        columns={columns}
        loading={loading}
        pagination={false}
        locale={empty}
        scroll={scrollOf(columns)}
      />
    );
  }

  const groups =
    dimension === 'models'
      ? record?.models.rows.map(({ model, ...group }) => ({ ...group, value: model }))
      : record?.firmware.rows.map(({ version, ...group }) => ({ ...group, value: version }));
  const value = (text: string, group: FleetGroup) => {
    // Dataloggers report no model; a device may have reported none, or no version yet.
    if (text === '' && dimension === 'models' && group.subject === 'datalogger') return '—';
    if (text === '') return <Typography.Text type="secondary">{t('faultRecord.notReported')}</Typography.Text>;
    if (dimension !== 'models') return text;
    return (
      <Typography.Link onClick={() => onModel(group.subject, text)} aria-label={t('faultRecord.filterModel', { model: text })}>
        {text}
      </Typography.Link>
    );
  };
  const valueTitle = t(dimension === 'models' ? 'faultRecord.model' : 'faultRecord.version');
  const share: ColumnsType<FleetGroup>[number] = {
    title: t('faultRecord.affected'),
    dataIndex: 'share',
    width: narrow ? 130 : 170,
    sorter: (a, b) => a.share - b.share,
    render: (percent: number, group) => {
      const text = (percent / 100).toLocaleString(languageTag(language), { style: 'percent', maximumFractionDigits: 1 });
      return (
        <Progress
          percent={percent}
          size="small"
          status={group.standsOut ? 'exception' : 'normal'}
          // The bar says it in red; the figure stays in the text colour, which reads on any background.
          format={() => <span style={{ color: token.colorText, fontWeight: group.standsOut ? 600 : undefined }}>{text}</span>}
          aria-label={`${t('faultRecord.affected')}: ${text}`}
        />
      );
    },
  };
  const columns: ColumnsType<FleetGroup> = narrow
    ? [
        {
          title: valueTitle,
          dataIndex: 'value',
          width: 100,
          render: (text: string, group) => (
            <Flex vertical align="start">
              {value(text, group)}
              <Typography.Text type="secondary">{subjectLabel(group.subject, t)}</Typography.Text>
            </Flex>
          ),
        },
        ...counted<FleetGroup>().slice(0, 1),
        share,
      ]
    : [
        { title: t('faultRecord.subject'), dataIndex: 'subject', width: 130, render: (subject: AlarmSubject) => subjectLabel(subject, t) },
        { title: valueTitle, dataIndex: 'value', width: 150, render: value },
        ...counted<FleetGroup>(),
        {
          title: t('faultRecord.fleetDevices'),
          dataIndex: 'fleetDevices',
          width: 120,
          sorter: (a, b) => a.fleetDevices - b.fleetDevices,
          render: formatCount,
        },
        share,
      ];
  return (
    <Table<FleetGroup>
      size="middle"
      rowKey={(group) => `${group.subject}/${group.value}`}
      dataSource={affectedShares(groups ?? [])}
      columns={columns}
      loading={loading}
      pagination={false}
      locale={empty}
      scroll={scrollOf(columns)}
    />
  );
}
