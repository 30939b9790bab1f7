import type { DataloggerClaim } from '@sunstack/shared';
import { Alert, Button, Card, Form, message, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues } from '../../../lib/forms.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useLinkSn } from '../api/linkSn.ts';
import { usePlantList } from '../api/listPlants.ts';
import { usePlantDetail } from '../api/plantDetail.ts';
import { DataloggerSnList } from '../components/DataloggerSnList.tsx';
import { replaceCurrentTab } from '../components/replaceCurrentTab.ts';

interface FormValues {
  id: number;
  dataloggers: DataloggerClaim[];
}

/**
 * Link SN (spec /bus/plant/linkSn): an end user adds a registered datalogger to its plant (a new
 * one, or one that replaces a broken one), or an administrator does. `?id=` picks the plant.
 */
export default function LinkSnPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState('');
  const plants = usePlantList({ name: search || undefined, pageSize: 20 });
  const link = useLinkSn();
  useTabBusy(plants.isFetching);
  const initialId = Number(tab.query.id) > 0 ? Number(tab.query.id) : undefined;
  // The plant the screen was opened for, even when it is not on the first page of the search.
  const initial = usePlantDetail(initialId ?? 0);
  const choices = [...(plants.data?.plants ?? [])];
  if (initial.data && !choices.some((plant) => plant.id === initial.data.id)) choices.unshift(initial.data);

  const onFinish = async ({ id, dataloggers }: FormValues) => {
    try {
      await link.mutateAsync({ id, dataloggers: dataloggers.map((d) => ({ sn: d.sn.trim(), checkCode: d.checkCode })) });
      void message.success(t('plant.linked'));
      replaceCurrentTab(`/bus/plant/detail?id=${id}`);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Card title={t('navBar.linkSn')} variant="borderless">
      <Alert type="info" showIcon title={t('plant.linkSnHint')} style={{ marginBottom: 24, maxWidth: 640 }} />
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ id: initialId, dataloggers: [{ sn: '', checkCode: '' }] }}>
        <Form.Item label={t('plant.linkSnPlant')} name="id" rules={[{ required: true, message: t('plant.choosePlant') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            style={{ maxWidth: 400 }}
            loading={plants.isFetching}
            aria-label={t('plant.linkSnPlant')}
            // Plants shared read-only appear but cannot be chosen: only the owner adds dataloggers.
            options={choices.map((plant) => ({
              value: plant.id,
              label: plant.writable ? plant.name : `${plant.name} (${t('plant.readOnlyShort')})`,
              disabled: !plant.writable,
            }))}
          />
        </Form.Item>
        <DataloggerSnList name="dataloggers" />
        <div>
          <Button type="primary" htmlType="submit" loading={link.isPending}>
            {t('plant.link')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
