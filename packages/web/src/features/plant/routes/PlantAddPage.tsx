import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { countryCodeSchema, dataloggerSnSchema, PLANT_TYPES, type PlantCreateBody, plantFields, usernameSchema } from '@sunstack/shared';
import { Button, Card, Col, DatePicker, Divider, Form, Input, InputNumber, message, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCountries } from '../../../api/countries.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreatePlant } from '../api/createPlant.ts';

type FormValues = Omit<PlantCreateBody, 'commissionedOn' | 'gridConnectedOn' | 'dataloggers'> & {
  commissionedOn?: Dayjs;
  gridConnectedOn?: Dayjs;
  dataloggers: { sn: string }[];
};

const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const day = (value?: Dayjs) => value?.format('YYYY-MM-DD');

/** Drops empty optional fields, so the server sees only what was filled in. */
function filled<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}

/** Add a plant (spec sections 3 and 5): the site's fields, at least one datalogger, optionally its owner. */
export default function PlantAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const countries = useCountries();
  const create = useCreatePlant();

  const onFinish = async ({ commissionedOn, gridConnectedOn, dataloggers, installerContact, userContact, ...fields }: FormValues) => {
    try {
      const { id } = await create.mutateAsync({
        ...filled(fields),
        ...filled({ commissionedOn: day(commissionedOn), gridConnectedOn: day(gridConnectedOn) }),
        ...(installerContact && Object.keys(filled(installerContact)).length ? { installerContact: filled(installerContact) } : {}),
        ...(userContact && Object.keys(filled(userContact)).length ? { userContact: filled(userContact) } : {}),
        dataloggers: dataloggers.map((d) => d.sn.trim()),
      } as PlantCreateBody);
      void message.success(t('plant.created', { name: fields.name }));
      form.resetFields();
      navigate(`/bus/plant/detail?id=${id}`);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  const contact = (name: 'installerContact' | 'userContact') => (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item label={t('userCenter.name')} name={[name, 'name']}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('auth.mobile')} name={[name, 'phone']}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('auth.email')} name={[name, 'email']}>
          <Input type="email" />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <Card title={t('navBar.plantAdd')} variant="borderless">
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ type: 'residential', timeZone: ownZone, currency: 'EUR', dataloggers: [{ sn: '' }] }}
        scrollToFirstError
        style={{ maxWidth: 960 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('plant.name')} name="name" rules={[zodRule(plantFields.shape.name, t)]}>
              <Input maxLength={32} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('plant.type')} name="type">
              <Select options={PLANT_TYPES.map((type) => ({ value: type, label: t(`plant.types.${type}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('auth.country')} name="country" rules={[zodRule(countryCodeSchema, t)]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={countries.data?.map((c) => ({ value: c.code, label: c.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('userCenter.city')} name="city">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('userCenter.postcode')} name="postcode">
              <Input maxLength={16} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('userCenter.address')} name="address">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('plant.timeZone')}
              name="timeZone"
              rules={[zodRule(plantFields.shape.timeZone, t)]}
              extra={t('plant.summerTimeHint')}
            >
              <Select showSearch options={TIME_ZONES.map((zone) => ({ value: zone, label: zone }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('plant.latitude')} name="latitude">
              <InputNumber min={-90} max={90} step={0.001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={t('plant.longitude')} name="longitude">
              <InputNumber min={-180} max={180} step={0.001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('plant.systemSizeKw')} name="systemSizeKw">
              <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('plant.pvSizeKwp')} name="pvSizeKwp">
              <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('plant.feedInTariff')} name="feedInTariff">
              <InputNumber min={0} max={100} step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('plant.currency')} name="currency" rules={[zodRule(plantFields.shape.currency, t, { optional: true })]}>
              <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('plant.commissionedOn')} name="commissionedOn">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('plant.gridConnectedOn')} name="gridConnectedOn">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('plant.dataloggers')}</Divider>
        <Form.List name="dataloggers">
          {(items, { add, remove }) => (
            <>
              {items.map((item, index) => (
                <Form.Item
                  key={item.key}
                  label={index === 0 ? t('plant.dataloggerSn') : undefined}
                  required
                  extra={index === 0 ? t('plant.dataloggerSnHint') : undefined}
                >
                  <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <Form.Item name={[item.name, 'sn']} noStyle rules={[zodRule(dataloggerSnSchema, t)]}>
                      <Input
                        inputMode="numeric"
                        maxLength={15}
                        aria-label={`${t('plant.dataloggerSn')} ${index + 1}`}
                        style={{ maxWidth: 280 }}
                      />
                    </Form.Item>
                    {items.length > 1 && (
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={t('plant.removeDatalogger')}
                        onClick={() => remove(item.name)}
                      />
                    )}
                  </div>
                </Form.Item>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ sn: '' })} style={{ marginBottom: 24 }}>
                {t('plant.addDatalogger')}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('plant.people')}</Divider>
        <Form.Item
          label={t('plant.ownerUser')}
          name="owner"
          extra={t('plant.ownerHint')}
          rules={[zodRule(usernameSchema, t, { optional: true })]}
        >
          <Input style={{ maxWidth: 280 }} />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {t('plant.installerContact')}
        </Divider>
        {contact('installerContact')}
        <Divider titlePlacement="start" plain>
          {t('plant.userContact')}
        </Divider>
        {contact('userContact')}

        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('plant.create')}
        </Button>
      </Form>
    </Card>
  );
}
