import { type Command, type DeviceSettingsReported, languageTag } from '@sunstack/shared';
import { Button, Card, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useCancelCommand } from '../../api/cancelCommand.ts';
import { useClientStore } from '../../lib/clientStore.ts';
import type { usePagedFilters } from '../../lib/usePagedFilters.ts';
import type { ListQuery } from '../LoadFailed.tsx';
import { PagedTable } from '../PagedTable.tsx';
import { CommandStateTag } from './CommandStateTag.tsx';
import { answerText, commandText } from './commandText.ts';
import { plantTime } from './plantTime.ts';

type Paging = ReturnType<typeof usePagedFilters<{ sn: string }>>;

/** The device's commands, newest first: what, who, when (plant time), state and progress, and the device's answer; live. */
export function CommandHistory({
  device,
  paging,
  history,
}: {
  device: DeviceSettingsReported;
  paging: Paging;
  history: ListQuery & { data: { commands: Command[]; total: number } | undefined };
}) {
  const { t } = useTranslation();
  const page = history.data;
  const tag = languageTag(useClientStore((state) => state.language));
  const cancel = useCancelCommand();
  const time = (at: number | null) => (at === null ? '—' : plantTime(at, device.timeZone, tag));
  const columns: ColumnsType<Command> = [
    { title: t('remoteSetting.column.createdAt'), dataIndex: 'createdAt', render: time, width: 160 },
    { title: t('remoteSetting.column.command'), key: 'command', render: (_, command) => commandText(t, command), width: 220 },
    { title: t('remoteSetting.column.createdBy'), dataIndex: 'createdBy', width: 130 },
    { title: t('remoteSetting.column.state'), key: 'state', render: (_, command) => <CommandStateTag command={command} />, width: 120 },
    {
      title: t('remoteSetting.column.answer'),
      key: 'answer',
      render: (_, command) => <Typography.Text type={command.error ? 'danger' : undefined}>{answerText(t, command)}</Typography.Text>,
    },
    { title: t('remoteSetting.column.finishedAt'), dataIndex: 'finishedAt', render: time, width: 160 },
  ];
  // Only a command not sent yet can be taken back: the column shows while the page holds one.
  if (device.controllable && page?.commands.some((command) => command.state === 'queued')) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, command) =>
        command.state === 'queued' && (
          <Button size="small" onClick={() => cancel.mutate(command.id)} loading={cancel.isPending && cancel.variables === command.id}>
            {t('remoteSetting.cancel')}
          </Button>
        ),
    });
  }
  return (
    <Card title={t('remoteSetting.historyTitle')} variant="borderless">
      <PagedTable<Command>
        rowKey="id"
        paging={paging}
        list={history}
        rows={page?.commands}
        total={page?.total}
        columns={columns}
        scroll={{ x: 1000 }}
        emptyText={t('remoteSetting.noCommands')}
      />
    </Card>
  );
}
