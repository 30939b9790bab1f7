import {
  Access,
  mobileSchema,
  PRODUCT_TYPES,
  QUESTION_CATEGORIES,
  WORK_ORDER_PHOTOS_MAX,
  type WorkOrderCreateBody,
  workOrderCreateBody,
} from '@sunstack/shared';
import { Button, Card, Form, Input, message, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClientStore } from '../../../lib/clientStore.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreateWorkOrder } from '../api/createWorkOrder.ts';
import { useQuestionTypes } from '../api/questionTypes.ts';
import { useDeviceChoices, usePlantChoices } from '../api/subjects.ts';
import { productLabel } from '../components/labels.ts';
import { PhotoPicker } from '../components/PhotoPicker.tsx';

const { shape } = workOrderCreateBody;

/**
 * A new work order (spec section 2, "work order create"): about a plant of the caller's, or one of its devices (an
 * integrator: a device authorised to it), under a question category of the question-types call, with photos.
 */
export default function WorkOrderCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const integrator = useClientStore((state) => state.access) === Access.integrator;
  const [form] = Form.useForm<WorkOrderCreateBody>();
  const [plantName, setPlantName] = useState('');
  const plantId = Form.useWatch('plantId', form);
  const plants = usePlantChoices(plantName, !integrator);
  const devices = useDeviceChoices(plantId, integrator || plantId !== undefined);
  const types = useQuestionTypes();
  const create = useCreateWorkOrder();

  const onFinish = async (values: WorkOrderCreateBody) => {
    try {
      const { id } = await create.mutateAsync({ ...values, photoIds: values.photoIds ?? [] });
      void message.success(t('workOrder.created', { id }));
      navigate(`/bus/workOrder/detail?id=${id}`);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Card title={t('navBar.workOrderCreate')} variant="borderless">
      <Form<WorkOrderCreateBody> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={onFinish}>
        {!integrator && (
          <Form.Item name="plantId" label={t('workOrder.plant')} rules={[{ required: true, message: t('workOrder.choosePlant') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setPlantName }}
              placeholder={t('workOrder.choosePlant')}
              loading={plants.isFetching}
              options={plants.data?.plants.map((plant) => ({ value: plant.id, label: plant.name }))}
              onChange={() => form.setFieldValue('deviceSn', undefined)}
            />
          </Form.Item>
        )}
        <Form.Item
          name="deviceSn"
          label={t(integrator ? 'workOrder.device' : 'workOrder.deviceOptional')}
          rules={integrator ? [{ required: true, message: t('workOrder.chooseDevice') }] : []}
        >
          <Select
            allowClear
            showSearch
            disabled={!integrator && plantId === undefined}
            placeholder={t('workOrder.chooseDevice')}
            options={devices.data?.devices.map((device) => ({
              value: device.sn,
              label: `${device.sn} · ${t(`device.types.${device.type}`)}`,
            }))}
            onChange={(sn?: string) => {
              const type = devices.data?.devices.find((device) => device.sn === sn)?.type;
              if (type) form.setFieldValue('productType', type);
            }}
          />
        </Form.Item>
        <Form.Item name="questionCategory" label={t('workOrder.questionCategory')} rules={[zodRule(shape.questionCategory, t)]}>
          <Select
            loading={types.isFetching}
            options={(types.data?.categories ?? QUESTION_CATEGORIES).map((c) => ({ value: c, label: t(`workOrder.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="productType" label={t('workOrder.productType')} rules={[zodRule(shape.productType, t)]}>
          <Select options={(types.data?.productTypes ?? PRODUCT_TYPES).map((p) => ({ value: p, label: productLabel(t, p) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('workOrder.title')} rules={[zodRule(shape.title, t)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('workOrder.description')} rules={[zodRule(shape.description, t)]}>
          <Input.TextArea rows={5} maxLength={4000} showCount />
        </Form.Item>
        <Form.Item name="contactName" label={t('workOrder.contactName')} rules={[zodRule(shape.contactName, t)]}>
          <Input maxLength={64} autoComplete="name" />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('workOrder.contactPhone')} rules={[zodRule(mobileSchema, t)]}>
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item name="photoIds" label={t('workOrder.photos')} extra={t('workOrder.photosHint', { count: WORK_ORDER_PHOTOS_MAX })}>
          <PhotoPicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('workOrder.submit')}
        </Button>
      </Form>
    </Card>
  );
}
