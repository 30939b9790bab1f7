import { type DeviceLogKind, type DeviceLogRow, LIMITS } from '@sunstack/shared';
import { Button, Card, DatePicker, Flex, Form, Grid, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { fileSizeText, formatDateTime } from '../../../lib/format.ts';
import { useMinuteFormat } from '../../../lib/minuteFormat.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { downloadDeviceLog, exportDeviceLogs, useDeviceLogs, useRequestDeviceLog } from '../api/deviceLogs.ts';
import { InverterSelect } from '../components/InverterSelect.tsx';

const DAY_MS = 86_400_000;
const STATE_COLOUR = { waiting: 'processing', uploaded: 'success', failed: 'error' } as const;
const kindOf = (path: string): DeviceLogKind =>
  (['battery', 'test', 'module', 'dsp'].find((kind) => path.endsWith(`/${kind}`)) ?? 'test') as DeviceLogKind;

/**
 * Logs (spec /bus/relog/battery, test, module, dsp; 255): ask a device for its log, follow it until the device
 * has uploaded it, download it, export the list. The range is at most 15 days, 3 in the detailed view (with
 * each log's summary).
 */
export default function DeviceLogPage() {
  const { t, i18n } = useTranslation();
  // On a phone the range goes under its label: beside it, the picker ran off the card.
  const narrow = Grid.useBreakpoint().md === false;
  const minuteFormat = useMinuteFormat();
  const kind = kindOf(useLocation().pathname);
  const [detailed, setDetailed] = useState(false);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(3, 'day'), dayjs().add(1, 'hour')]);
  const [sn, setSn] = useState<string | undefined>();
  const paging = usePagedFilters({});
  const filters = { kind, begin: range[0].valueOf(), end: range[1].valueOf(), detailed };
  const list = useDeviceLogs({ ...filters, ...paging.query });
  const ask = useRequestDeviceLog();
  useTabBusy(list.isFetching);
  const maxDays = detailed ? LIMITS.dateRangeDays.short : LIMITS.dateRangeDays.long;

  const columns: ColumnsType<DeviceLogRow> = [
    { title: t('deviceLog.device'), dataIndex: 'sn', width: 190 },
    { title: t('deviceLog.plant'), dataIndex: 'plantName', width: 160 },
    {
      title: t('deviceLog.state'),
      key: 'state',
      width: 130,
      render: (_, log) => <Tag color={STATE_COLOUR[log.state]}>{t(`deviceLog.states.${log.state}`)}</Tag>,
    },
    {
      title: t('deviceLog.size'),
      key: 'size',
      width: 110,
      render: (_, log) => (log.size === null ? '' : fileSizeText(log.size)),
    },
    {
      title: t('deviceLog.requestedAt'),
      key: 'at',
      width: 170,
      render: (_, log) => formatDateTime(log.requestedAt, i18n.language, log.timeZone),
    },
    { title: t('deviceLog.requestedBy'), dataIndex: 'requestedBy', width: 130 },
    ...(detailed
      ? [
          {
            title: t('deviceLog.summary'),
            key: 'summary',
            render: (_: unknown, log: DeviceLogRow) =>
              log.summary
                ? t('deviceLog.summaryText', {
                    entries: log.summary.entries,
                    variables: log.summary.variables.join(', ') || '–',
                    selfTest: log.summary.selfTest ? t(`deviceLog.selfTest.${log.summary.selfTest}`) : '–',
                  })
                : (log.error ?? ''),
          },
        ]
      : []),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, log) =>
        log.state === 'uploaded' && (
          <Button size="small" onClick={() => downloadDeviceLog(log.id, `${log.sn}-${kind}-${log.id}.log`).catch(() => {})}>
            {t('deviceLog.download')}
          </Button>
        ),
    },
  ];

  return (
    <Card variant="borderless" title={t(`deviceLog.title.${kind}`)}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('deviceLog.intro')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <div style={{ minWidth: 280, flex: '0 1 360px' }}>
            <InverterSelect value={sn} onChange={(value) => setSn(value as string)} />
          </div>
          <Button type="primary" disabled={!sn} loading={ask.isPending} onClick={() => sn && ask.mutateAsync({ sn, kind }).catch(() => {})}>
            {t('deviceLog.request')}
          </Button>
        </Flex>
        <Flex gap={12} wrap align="center">
          <Form.Item
            label={t('deviceLog.range', { days: maxDays })}
            layout={narrow ? 'vertical' : 'horizontal'}
            style={{ marginBottom: 0 }}
          >
            <DatePicker.RangePicker
              showTime={{ showSecond: false }}
              format={minuteFormat}
              value={range}
              allowClear={false}
              disabledDate={(day, info) => Boolean(info.from && Math.abs(day.diff(info.from, 'day', true)) > maxDays)}
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
          </Form.Item>
          <Flex gap={6} align="center">
            <Switch
              checked={detailed}
              aria-label={t('deviceLog.detailed')}
              onChange={(on) => {
                setDetailed(on);
                if (on && range[1].valueOf() - range[0].valueOf() > LIMITS.dateRangeDays.short * DAY_MS)
                  setRange([range[1].subtract(3, 'day'), range[1]]);
              }}
            />
            <Typography.Text>{t('deviceLog.detailed')}</Typography.Text>
          </Flex>
          <Permission code="log.export">
            <Button onClick={() => exportDeviceLogs(filters).catch(() => {})}>{t('deviceLog.export')}</Button>
          </Permission>
        </Flex>
        <PagedTable<DeviceLogRow>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.logs}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 1000 }}
          emptyText={t('deviceLog.none')}
        />
      </Flex>
    </Card>
  );
}
