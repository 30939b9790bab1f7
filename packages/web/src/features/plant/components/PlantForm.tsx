import {
  countryCodeSchema,
  type DataloggerClaim,
  PLANT_TYPES,
  type PlantCreateBody,
  type PlantDetail,
  type PlantUpdateBody,
  plantFields,
  usernameSchema,
} from '@sunstack/shared';
import { Button, Col, DatePicker, Divider, Form, Input, InputNumber, message, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCountries } from '../../../api/countries.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreatePlant } from '../api/createPlant.ts';
import { useUpdatePlant } from '../api/updatePlant.ts';
import { DataloggerSnList } from './DataloggerSnList.tsx';
import { LocationPicker } from './LocationPicker.tsx';
import { PricePeriodList } from './PricePeriodList.tsx';
import { zoneAtPosition, zoneOfCountry } from './plantZone.ts';
import { replaceCurrentTab } from './replaceCurrentTab.ts';

type FormValues = Omit<PlantCreateBody, 'commissionedOn' | 'gridConnectedOn' | 'dataloggers'> & {
  commissionedOn?: Dayjs | null;
  gridConnectedOn?: Dayjs | null;
  dataloggers: DataloggerClaim[];
};
type Contact = NonNullable<PlantCreateBody['userContact']>;

const TIME_ZONES = Intl.supportedValuesOf('timeZone');
const day = (value?: Dayjs | null) => value?.format('YYYY-MM-DD');

/** Drops empty optional fields, so the server sees only what was filled in. */
function filled<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}

/** A plant's stored values as the form holds them (edit mode). */
function formValuesOf(plant: PlantDetail): Partial<FormValues> {
  const optional = <T,>(value: T | null) => value ?? undefined;
  return {
    name: plant.name,
    type: plant.type,
    country: plant.country,
    city: plant.city,
    postcode: plant.postcode,
    address: plant.address,
    timeZone: plant.timeZone,
    latitude: optional(plant.latitude),
    longitude: optional(plant.longitude),
    systemSizeKw: optional(plant.systemSizeKw),
    pvSizeKwp: optional(plant.pvSizeKwp),
    panelTilt: optional(plant.panelTilt),
    panelAzimuth: optional(plant.panelAzimuth),
    feedInTariff: optional(plant.feedInTariff),
    importPrice: optional(plant.importPrice),
    pricePeriods: plant.pricePeriods,
    currency: plant.currency,
    commissionedOn: plant.commissionedOn ? dayjs(plant.commissionedOn) : undefined,
    gridConnectedOn: plant.gridConnectedOn ? dayjs(plant.gridConnectedOn) : undefined,
    installerContact: plant.installerContact,
    userContact: plant.userContact,
  };
}

/**
 * The plant form of spec sections 3 and 5, for both screens: add (the site's fields, at least one
 * datalogger, optionally its owner) and edit (the same fields of an existing plant; its
 * dataloggers change by linking an SN, its owner by sharing). Saved, the edit tab shows the plant.
 */
export function PlantForm({ plant }: { plant?: PlantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const timeZone = Form.useWatch('timeZone', form);
  /** The zone last set from the plant's position or country, said beside the field while it stands. */
  const [zoneFound, setZoneFound] = useState<{ zone: string; from: 'position' | 'country' }>();

  // The zone follows where the plant is: its position when there is one, else a country that keeps one time.
  // A zone picked by hand, or found from the position, is never replaced by a country's.
  const zoneFollowsPlace = async (changed: Partial<FormValues>, all: Partial<FormValues>) => {
    if ('timeZone' in changed) return setZoneFound(undefined);
    const { latitude, longitude, country } = all;
    let found: typeof zoneFound;
    if (('latitude' in changed || 'longitude' in changed) && typeof latitude === 'number' && typeof longitude === 'number') {
      const zone = await zoneAtPosition(latitude, longitude);
      if (zone) found = { zone, from: 'position' };
    } else if ('country' in changed && country && (!all.timeZone || zoneFound?.from === 'country')) {
      const zone = await zoneOfCountry(country);
      // A country of several times: the previous country's zone would be wrong, so the field asks again.
      found = zone ? { zone, from: 'country' } : undefined;
      if (!found) form.setFieldValue('timeZone', undefined);
      setZoneFound(found);
    }
    if (!found) return;
    form.setFieldValue('timeZone', found.zone);
    setZoneFound(found);
  };
  const countries = useCountries();
  const create = useCreatePlant();
  const update = useUpdatePlant();
  const editing = plant !== undefined;

  const onFinish = async ({ commissionedOn, gridConnectedOn, dataloggers, installerContact, userContact, ...fields }: FormValues) => {
    const contact = (value?: Contact) => filled(value ?? {});
    try {
      if (editing) {
        // Every field is sent, so a field emptied in the form is emptied on the plant too.
        const changes: PlantUpdateBody = {
          ...fields,
          id: plant.id,
          city: fields.city ?? '',
          postcode: fields.postcode ?? '',
          address: fields.address ?? '',
          latitude: fields.latitude ?? null,
          longitude: fields.longitude ?? null,
          systemSizeKw: fields.systemSizeKw ?? null,
          pvSizeKwp: fields.pvSizeKwp ?? null,
          panelTilt: fields.panelTilt ?? null,
          panelAzimuth: fields.panelAzimuth ?? null,
          feedInTariff: fields.feedInTariff ?? null,
          importPrice: fields.importPrice ?? null,
          pricePeriods: fields.pricePeriods ?? [],
          currency: fields.currency || undefined,
          commissionedOn: day(commissionedOn) ?? null,
          gridConnectedOn: day(gridConnectedOn) ?? null,
          installerContact: contact(installerContact),
          userContact: contact(userContact),
        };
        await update.mutateAsync(changes);
        void message.success(t('plant.saved', { name: fields.name }));
        replaceCurrentTab(`/bus/plant/detail?id=${plant.id}`);
        return;
      }
      const { id } = await create.mutateAsync({
        ...filled(fields),
        ...filled({ commissionedOn: day(commissionedOn), gridConnectedOn: day(gridConnectedOn) }),
        ...(Object.keys(contact(installerContact)).length ? { installerContact: contact(installerContact) } : {}),
        ...(Object.keys(contact(userContact)).length ? { userContact: contact(userContact) } : {}),
        dataloggers: dataloggers.map((d) => ({ sn: d.sn.trim(), checkCode: d.checkCode })),
      } as PlantCreateBody);
      void message.success(t('plant.created', { name: fields.name }));
      form.resetFields();
      navigate(`/bus/plant/detail?id=${id}`);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  const contactFields = (name: 'installerContact' | 'userContact') => (
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
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      onValuesChange={zoneFollowsPlace}
      initialValues={plant ? formValuesOf(plant) : { type: 'residential', currency: 'EUR', dataloggers: [{ sn: '', checkCode: '' }] }}
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
            extra={
              <>
                {zoneFound && zoneFound.zone === timeZone && (
                  <div>{t(`plant.timeZoneFrom.${zoneFound.from}`, { zone: zoneFound.zone })}</div>
                )}
                {t('plant.summerTimeHint')}
              </>
            }
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
        <Col span={24}>
          <LocationPicker onPicked={(position) => void zoneFollowsPlace(position, { ...form.getFieldsValue(), ...position })} />
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
          <Form.Item label={t('owners.panelTilt')} name="panelTilt" tooltip={t('owners.orientationHint')}>
            <InputNumber min={0} max={90} suffix="°" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('owners.panelAzimuth')} name="panelAzimuth" tooltip={t('owners.orientationHint')}>
            <InputNumber min={0} max={359.9} suffix="°" style={{ width: '100%' }} />
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
        <Col xs={12} md={6}>
          <Form.Item label={t('owners.importPrice')} name="importPrice">
            <InputNumber min={0} max={100} step={0.01} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <PricePeriodList />
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

      {!editing && (
        <>
          <Divider titlePlacement="start">{t('plant.dataloggers')}</Divider>
          <DataloggerSnList name="dataloggers" />
        </>
      )}

      <Divider titlePlacement="start">{t('plant.people')}</Divider>
      {!editing && (
        <Form.Item
          label={t('plant.ownerUser')}
          name="owner"
          extra={t('plant.ownerHint')}
          rules={[zodRule(usernameSchema, t, { optional: true })]}
        >
          <Input style={{ maxWidth: 280 }} />
        </Form.Item>
      )}
      <Divider titlePlacement="start" plain>
        {t('plant.installerContact')}
      </Divider>
      {contactFields('installerContact')}
      <Divider titlePlacement="start" plain>
        {t('plant.userContact')}
      </Divider>
      {contactFields('userContact')}

      <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
        {editing ? t('plant.save') : t('plant.create')}
      </Button>
    </Form>
  );
}
