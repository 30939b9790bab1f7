import { languageTag } from '@sunstack/shared';
import { Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import type { DeviceNow } from '../api/deviceData.ts';
import { variableLabel, variableValue } from './variableText.ts';

/** A device's newest values (live), each with its label, the name the device sent and its unit, and when they were measured. */
export function LatestValues({ values, names }: { values: DeviceNow | undefined; names: string[] }) {
  const { t } = useTranslation();
  const now = useNow();
  const language = useClientStore((state) => state.language);
  return (
    <Card
      title={t('monitoring.realtime')}
      variant="borderless"
      extra={values?.ts ? t('monitoring.updated', { when: relativeTime(values.ts, now, languageTag(language)) }) : null}
    >
      {!values ? (
        <Skeleton active />
      ) : values.ts === null ? (
        <Empty description={t('monitoring.noData')} />
      ) : (
        <Table
          size="small"
          rowKey="name"
          pagination={false}
          scroll={{ y: 420 }}
          dataSource={names.map((name) => ({ name, value: values.vars[name] }))}
          columns={[
            {
              title: t('monitoring.variable'),
              dataIndex: 'name',
              // The name the device sends stays visible under its label: API users and integrators know it.
              render: (name: string) => {
                const label = variableLabel(t, name);
                return label === name ? (
                  name
                ) : (
                  <Flex vertical>
                    {label}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {name}
                    </Typography.Text>
                  </Flex>
                );
              },
            },
            {
              title: t('monitoring.value'),
              dataIndex: 'value',
              align: 'right',
              render: (value: number, { name }) => variableValue(name, value),
            },
          ]}
        />
      )}
    </Card>
  );
}
