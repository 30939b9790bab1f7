import { type ParallelDetail, parallelUpdateBody } from '@sunstack/shared';
import { Alert, Button, Card, Checkbox, Empty, Flex, message, Popconfirm, Radio, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Result } from '../../../components/Result.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { useParallelSystem } from '../api/parallelSystem.ts';
import { usePlantDetail } from '../api/plantDetail.ts';
import { useUpdateParallelSystem } from '../api/updateParallelSystem.ts';

type Inverter = ParallelDetail['inverters'][number];

/** The system as stored: its master and slaves. */
function storedSystem(inverters: Inverter[]) {
  return {
    master: inverters.find((inverter) => inverter.role === 'master')?.sn ?? null,
    slaves: inverters.filter((inverter) => inverter.role === 'slave').map((inverter) => inverter.sn),
  };
}

/**
 * A plant's parallel system (spec /bus/plant/parallelSystem): among the plant's inverters, the
 * master and the slaves that run in parallel with it. Whoever may change the plant sets it.
 */
export default function ParallelSystemPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const plantId = Number(tab.query.id);
  const system = useParallelSystem(plantId);
  const plant = usePlantDetail(plantId);
  const update = useUpdateParallelSystem(plantId);
  useTabBusy(system.isFetching);
  const [master, setMaster] = useState<string | null>(null);
  const [slaves, setSlaves] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const name = plant.data?.name;

  useEffect(() => {
    if (!system.data) return;
    const stored = storedSystem(system.data.inverters);
    setMaster(stored.master);
    setSlaves(stored.slaves);
  }, [system.data]);

  useEffect(() => {
    if (name && useTabStore.getState().activeId === tab.id) useTabStore.getState().setTitle(`literal:${t('plant.parallelOf', { name })}`);
  }, [name, tab.id, t]);

  if (system.error instanceof ApiError || !(plantId > 0)) return <Result status="404" title={t('plant.notFound')} />;
  if (!system.data) return <Skeleton active />;
  const { inverters, writable } = system.data;
  const stored = storedSystem(inverters);

  const save = async (body: { master: string | null; slaves: string[] }) => {
    // The shared rules first (one master, at least one slave, each once), in the user's words.
    const parsed = parallelUpdateBody.safeParse({ id: plantId, ...body });
    if (!parsed.success) {
      setProblem(t(parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    setProblem(null);
    await update.mutateAsync(body);
    void message.success(body.master ? t('plant.parallelSaved') : t('plant.parallelDissolved'));
  };

  const toggleSlave = (sn: string, on: boolean) => setSlaves((current) => (on ? [...current, sn] : current.filter((s) => s !== sn)));
  const columns: ColumnsType<Inverter> = [
    {
      title: t('plant.parallelMaster'),
      key: 'master',
      width: 90,
      render: (_, inverter) => (
        <Radio
          checked={master === inverter.sn}
          disabled={!writable}
          aria-label={t('plant.parallelMasterOf', { sn: inverter.sn })}
          onChange={() => {
            setMaster(inverter.sn);
            toggleSlave(inverter.sn, false);
          }}
        />
      ),
    },
    {
      title: t('plant.parallelSlave'),
      key: 'slave',
      width: 90,
      render: (_, inverter) => (
        <Checkbox
          checked={slaves.includes(inverter.sn)}
          disabled={!writable || master === inverter.sn}
          aria-label={t('plant.parallelSlaveOf', { sn: inverter.sn })}
          onChange={(event) => toggleSlave(inverter.sn, event.target.checked)}
        />
      ),
    },
    {
      title: t('device.inverterSn'),
      dataIndex: 'sn',
      render: (sn: string, inverter) => (
        <Flex vertical>
          <span>{sn}</span>
          {inverter.name && <Typography.Text type="secondary">{inverter.name}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('device.model'), dataIndex: 'model', render: (model: string) => model || '—' },
    {
      title: t('device.ratedPower'),
      dataIndex: 'ratedPowerKw',
      align: 'right',
      render: (kw: number | null) => (kw === null ? '—' : `${formatNumber(kw, 1)} kW`),
    },
  ];

  const changed = master !== stored.master || [...slaves].sort().join() !== [...stored.slaves].sort().join();
  return (
    <Card title={name ? t('plant.parallelOf', { name }) : t('navBar.parallelSystem')} variant="borderless">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 720 }}>
          {t('plant.parallelHint')}
        </Typography.Paragraph>
        {!writable && <Alert type="info" showIcon title={t('plant.readOnly')} />}
        {problem && <Alert type="error" showIcon title={problem} />}
        <Table<Inverter>
          rowKey="sn"
          size="middle"
          columns={columns}
          dataSource={inverters}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty description={t('plant.parallelNoInverters')} /> }}
        />
        {writable && inverters.length > 0 && (
          <Flex gap={8} wrap>
            <Button type="primary" disabled={!changed} loading={update.isPending} onClick={() => save({ master, slaves })}>
              {t('common.save')}
            </Button>
            {stored.master && (
              <Popconfirm title={t('plant.parallelDissolveConfirm')} onConfirm={() => save({ master: null, slaves: [] })}>
                <Button danger>{t('plant.parallelDissolve')}</Button>
              </Popconfirm>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
