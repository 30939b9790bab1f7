import { type Batch, type BatchTarget, type Command, languageTag } from '@sunstack/shared';
import { Alert, Button, Card, Col, Flex, Radio, Row, Select, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandList } from '../../../api/listCommands.ts';
import { CommandStateTag } from '../../../components/command/CommandStateTag.tsx';
import { ConfirmSend } from '../../../components/command/ConfirmSend.tsx';
import { answerText } from '../../../components/command/commandText.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useBatchStream } from '../api/batchStream.ts';
import { useGroupSearch, usePlantSearch } from '../api/batchTargets.ts';
import { useChangeBatch } from '../api/changeBatch.ts';
import { useCreateBatch } from '../api/createBatch.ts';
import { useBatchList } from '../api/listBatches.ts';
import { useTemplateList } from '../api/listTemplates.ts';
import { BatchProgress } from '../components/BatchProgress.tsx';
import { DevicePicker } from '../components/DevicePicker.tsx';

type TargetKind = BatchTarget['kind'];

/**
 * Group remote (issue 18, `/bus/group/remote`): a template sent to one inverter, a group of group
 * management or a selection of plants as one batch; the batches with their counts, and the one
 * chosen followed live (done, failed, waiting), its failed commands sent again or its waiting ones
 * cancelled. What the caller may not operate is counted as refused, never commanded.
 */
export default function GroupRemotePage() {
  const { t } = useTranslation();
  const tab = useTab();
  const paging = usePagedFilters({});
  const list = useBatchList(paging.query);
  const [chosen, setChosen] = useState<string>('');
  useTabBusy(list.isFetching);
  const tag = languageTag(useClientStore((state) => state.language));
  const time = (at: number) => new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' }).format(at);

  const columns: ColumnsType<Batch> = [
    { title: t('remoteSetting.column.createdAt'), dataIndex: 'createdAt', render: time, width: 150 },
    { title: t('batch.what'), key: 'what', render: (_, batch) => batch.templateName ?? t('batch.settingsOnly'), width: 180 },
    { title: t('batch.target'), key: 'target', render: (_, batch) => targetText(t, batch), width: 200 },
    { title: t('remoteSetting.column.createdBy'), dataIndex: 'createdBy', width: 120 },
    { title: t('batch.progress'), key: 'counts', render: (_, batch) => <BatchProgress batch={batch} compact /> },
  ];

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <SendCard templateId={Number(tab.query.template) || undefined} onSent={setChosen} />
        </Col>
        <Col xs={24} xl={14}>
          {chosen ? <BatchCard id={chosen} /> : <Card variant="borderless">{t('batch.choose')}</Card>}
        </Col>
      </Row>
      <Card title={t('batch.listTitle')} variant="borderless">
        <PagedTable<Batch>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.batches}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 900 }}
          onRow={(batch) => ({ onClick: () => setChosen(batch.id), style: { cursor: 'pointer' } })}
          rowClassName={(batch) => (batch.id === chosen ? 'ant-table-row-selected' : '')}
          emptyText={t('batch.none')}
        />
      </Card>
    </Flex>
  );
}

const targetText = (t: ReturnType<typeof useTranslation>['t'], batch: Batch) =>
  t(`batch.targets.${batch.target.kind}`, { label: batch.target.label, count: Number(batch.target.label) || 0 });

/** What to send where: a template, and one inverter, a group (administrators) or plants. */
function SendCard({ templateId, onSent }: { templateId?: number; onSent: (batchId: string) => void }) {
  const { t } = useTranslation();
  const mayUseGroups = useClientStore((state) => state.menus.includes('group-management'));
  const [template, setTemplate] = useState<number | undefined>(templateId);
  const [kind, setKind] = useState<TargetKind>('plants');
  const [sn, setSn] = useState('');
  const [groupId, setGroupId] = useState<number>();
  const [plantIds, setPlantIds] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [templateSearch, setTemplateSearch] = useState('');
  const templates = useTemplateList({ currentPage: 1, pageSize: 20, name: templateSearch || undefined });
  const plants = usePlantSearch(search, kind === 'plants');
  const groups = useGroupSearch(search, kind === 'group' && mayUseGroups);
  const create = useCreateBatch();
  const [result, setResult] = useState<{ commands: number; refused: number; withoutBattery: number }>();
  useEffect(() => setTemplate(templateId), [templateId]);

  const target: BatchTarget | undefined =
    kind === 'device'
      ? sn
        ? { kind, sn }
        : undefined
      : kind === 'group'
        ? groupId
          ? { kind, groupId }
          : undefined
        : plantIds.length
          ? { kind, plantIds }
          : undefined;
  const chosenTemplate = templates.data?.templates.find((item) => item.id === template);

  async function send() {
    if (!target || template === undefined) return;
    const answer = await create.mutateAsync({ target, templateId: template });
    setResult(answer);
    onSent(answer.batchId);
  }

  return (
    <Card title={t('batch.sendTitle')} variant="borderless">
      <Flex vertical gap={12}>
        <Typography.Text strong>{t('batch.template')}</Typography.Text>
        <Select
          showSearch={{ filterOption: false, onSearch: setTemplateSearch }}
          aria-label={t('batch.template')}
          placeholder={t('batch.template')}
          value={template}
          onChange={setTemplate}
          options={(templates.data?.templates ?? []).map((item) => ({ value: item.id, label: item.name }))}
          notFoundContent={templates.isFetching ? null : t('template.none')}
        />
        <Typography.Text strong>{t('batch.target')}</Typography.Text>
        <Radio.Group
          value={kind}
          onChange={(event) => {
            setKind(event.target.value);
            setSearch('');
          }}
          options={[
            { value: 'plants', label: t('batch.kinds.plants') },
            ...(mayUseGroups ? [{ value: 'group', label: t('batch.kinds.group') }] : []),
            { value: 'device', label: t('batch.kinds.device') },
          ]}
        />
        {kind === 'device' && <DevicePicker value={sn} onChange={setSn} />}
        {kind === 'group' && (
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            aria-label={t('batch.kinds.group')}
            placeholder={t('batch.pickGroup')}
            value={groupId}
            onChange={setGroupId}
            options={(groups.data ?? []).map((group) => ({ value: group.id, label: `${group.name} (${group.members})` }))}
          />
        )}
        {kind === 'plants' && (
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            aria-label={t('batch.kinds.plants')}
            placeholder={t('batch.pickPlants')}
            value={plantIds}
            onChange={setPlantIds}
            options={(plants.data ?? []).map((plant) => ({ value: plant.id, label: plant.name }))}
          />
        )}
        <ConfirmSend
          connected
          type="primary"
          question={t('batch.sendQuestion', { template: chosenTemplate?.name ?? '' })}
          disabled={!target || template === undefined}
          loading={create.isPending}
          onConfirm={send}
          style={{ alignSelf: 'start' }}
        >
          {t('batch.send')}
        </ConfirmSend>
        {result && (
          <Alert
            type={result.refused + result.withoutBattery > 0 ? 'warning' : 'success'}
            showIcon
            title={t('batch.made', { count: result.commands })}
            description={
              [
                result.refused > 0 && t('batch.refusedExplained', { count: result.refused }),
                result.withoutBattery > 0 && t('batch.withoutBatteryExplained', { count: result.withoutBattery }),
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
        )}
      </Flex>
    </Card>
  );
}

/** The chosen batch, live: its counts, retry of the failed, cancel of the waiting, and its commands. */
function BatchCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const batch = useBatchStream(id);
  const retry = useChangeBatch('retry');
  const cancel = useChangeBatch('cancel');
  const paging = usePagedFilters({ batchId: id });
  const commands = useCommandList(paging.query);
  // The commands' page follows the counts: each push of the batch reloads it.
  const refetch = commands.refetch;
  useEffect(() => {
    if (batch) void refetch();
  }, [batch, refetch]);
  if (!batch) return <Card variant="borderless" loading />;
  const { total, done, failed, waiting } = batch.counts;
  const columns: ColumnsType<Command> = [
    { title: t('device.sn'), dataIndex: 'sn', width: 170 },
    { title: t('remoteSetting.column.state'), key: 'state', width: 120, render: (_, command) => <CommandStateTag command={command} /> },
    {
      title: t('remoteSetting.column.answer'),
      key: 'answer',
      render: (_, command) => <Typography.Text type={command.error ? 'danger' : undefined}>{answerText(t, command)}</Typography.Text>,
    },
  ];
  return (
    <Card
      variant="borderless"
      title={batch.templateName ?? t('batch.settingsOnly')}
      extra={<Typography.Text type="secondary">{targetText(t, batch)}</Typography.Text>}
    >
      <Flex vertical gap={12}>
        <Row gutter={[8, 8]} role="group" aria-label={t('batch.progress')}>
          {[
            ['batch.total', total],
            ['batch.done', done],
            ['batch.failed', failed],
            ['batch.waiting', waiting],
          ].map(([key, value]) => (
            <Col key={key} xs={12} sm={6}>
              <Statistic title={t(key as string)} value={value as number} />
            </Col>
          ))}
        </Row>
        <BatchProgress batch={batch} />
        <Flex gap={8} wrap>
          <Button disabled={failed === 0} loading={retry.isPending} onClick={() => retry.mutate(id)}>
            {t('batch.retry', { count: failed })}
          </Button>
          <Button danger disabled={waiting === 0} loading={cancel.isPending} onClick={() => cancel.mutate(id)}>
            {t('batch.cancelWaiting')}
          </Button>
        </Flex>
        <Table<Command>
          rowKey="id"
          size="small"
          dataSource={commands.data?.commands}
          columns={columns}
          pagination={false}
          scroll={{ x: 520 }}
          footer={() => t('batch.commandsShown', { shown: commands.data?.commands.length ?? 0, total: commands.data?.total ?? 0 })}
        />
      </Flex>
    </Card>
  );
}
