import { routeByName } from '@sunstack/shared';
import { Alert, Button, Drawer, Flex, Form, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showServerIssues } from '../../../lib/forms.ts';
import { useCreateIvTask } from '../api/createTask.ts';
import { usePlantChoices } from '../api/plantChoices.ts';
import { InverterSelect } from './InverterSelect.tsx';

/** Starts a scan of chosen inverters or of every inverter of chosen plants, then opens the task. */
export function ScanTaskDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [target, setTarget] = useState<'sns' | 'plantIds'>('sns');
  const [plantSearch, setPlantSearch] = useState('');
  const plants = usePlantChoices(plantSearch, open && target === 'plantIds');
  const create = useCreateIvTask();

  useEffect(() => {
    if (!open) form.resetFields();
  }, [open, form]);

  async function submit() {
    const values = await form.validateFields();
    try {
      const created = await create.mutateAsync(target === 'sns' ? { sns: values.sns } : { plantIds: values.plantIds });
      onClose();
      navigate(`${routeByName('curve-diagnosis').path}?id=${created.id}`);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('diagnostics.newScan')}
      size="default"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('remoteSetting.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => submit().catch(() => {})}>
            {t('diagnostics.start')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label={t('diagnostics.target')}>
          <Radio.Group
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            options={[
              { value: 'sns', label: t('diagnostics.targetInverters') },
              { value: 'plantIds', label: t('diagnostics.targetPlants') },
            ]}
          />
        </Form.Item>
        {target === 'sns' ? (
          <Form.Item name="sns" label={t('diagnostics.inverters')} rules={[{ required: true, message: t('validation.required') }]}>
            <InverterSelect multiple />
          </Form.Item>
        ) : (
          <Form.Item name="plantIds" label={t('diagnostics.plants')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setPlantSearch }}
              loading={plants.isFetching}
              aria-label={t('diagnostics.plants')}
              options={(plants.data ?? []).map((plant) => ({ value: plant.id, label: plant.name }))}
            />
          </Form.Item>
        )}
        <Alert type="info" showIcon title={t('diagnostics.scanHint')} />
      </Form>
    </Drawer>
  );
}
