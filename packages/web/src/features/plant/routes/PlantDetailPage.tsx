import { Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/countries.ts';
import { PlantStatusTag } from '../../../components/PlantStatusTag.tsx';
import { Result } from '../../../components/Result.tsx';
import { formatNumber, utcOffsetLabel } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { WhenNear } from '../../../lib/WhenNear.tsx';
import { usePlantDetail } from '../api/plantDetail.ts';
import { usePlantFlow } from '../api/plantFlow.ts';
import { PlantActions } from '../components/PlantActions.tsx';
import { PlantCharts } from '../components/PlantCharts.tsx';
import { PlantEconomics } from '../components/PlantEconomics.tsx';
import { PlantPerformance } from '../components/PlantPerformance.tsx';
import { PowerFlow } from '../components/PowerFlow.tsx';

// Sharing and alarm thresholds sit below the plant's fields, far from the first paint: their forms load when scrolled to.
const PlantSharing = lazy(() => import('../components/PlantSharing.tsx').then(({ PlantSharing }) => ({ default: PlantSharing })));
const AlarmThresholds = lazy(() =>
  import('../components/AlarmThresholds.tsx').then(({ AlarmThresholds }) => ({ default: AlarmThresholds })),
);

/** One plant's fields and dataloggers; the tab takes the plant's name once it is known. */
export default function PlantDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const id = Number(tab.query.id);
  const detail = usePlantDetail(id);
  const flow = usePlantFlow(id);
  const countries = useCountries();
  useTabBusy(detail.isFetching);
  const name = detail.data?.name;

  useEffect(() => {
    if (name && useTabStore.getState().activeId === tab.id) useTabStore.getState().setTitle(`literal:${name}`);
  }, [name, tab.id]);

  if (detail.error instanceof ApiError || !(id > 0)) return <Result status="404" title={t('plant.notFound')} />;
  if (!detail.data) return <Skeleton active />;
  const plant = detail.data;
  const dash = (value: string | number | null | undefined, unit = '') =>
    value === null || value === undefined || value === '' ? '—' : `${value}${unit}`;
  const contact = (c: { name?: string; phone?: string; email?: string }) => [c.name, c.phone, c.email].filter(Boolean).join(' · ') || '—';

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={t('monitoring.powerFlow')} variant="borderless">
            <PowerFlow flow={flow} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('monitoring.charts')} variant="borderless">
            <PlantCharts plantId={id} plantName={plant.name} timeZone={plant.timeZone} />
          </Card>
        </Col>
      </Row>
      <Card title={t('owners.title')} variant="borderless">
        <PlantEconomics plantId={id} plantName={plant.name} timeZone={plant.timeZone} />
      </Card>
      <Card title={t('owners.performanceTitle')} variant="borderless">
        <PlantPerformance plantId={id} plantName={plant.name} timeZone={plant.timeZone} />
      </Card>
      <Card
        title={plant.name}
        variant="borderless"
        extra={<PlantStatusTag status={plant.status} />}
        styles={{ body: { overflowX: 'auto' } }}
      >
        <PlantActions plant={plant} />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'type', label: t('plant.type'), children: t(`plant.types.${plant.type}`) },
            {
              key: 'country',
              label: t('auth.country'),
              children: countries.data?.find((c) => c.code === plant.country)?.name ?? plant.country,
            },
            { key: 'city', label: t('userCenter.city'), children: dash(plant.city) },
            { key: 'address', label: t('userCenter.address'), children: dash([plant.address, plant.postcode].filter(Boolean).join(', ')) },
            {
              key: 'location',
              label: t('plant.coordinates'),
              children:
                plant.latitude === null || plant.longitude === null
                  ? '—'
                  : `${formatNumber(plant.latitude, 4)}, ${formatNumber(plant.longitude, 4)}`,
            },
            {
              key: 'zone',
              label: t('plant.timeZone'),
              children: (
                <>
                  {plant.timeZone} ({utcOffsetLabel(plant.timeZone, Date.now())}) {plant.summerTime && <Tag>{t('plant.summerTime')}</Tag>}
                </>
              ),
            },
            { key: 'size', label: t('plant.systemSizeKw'), children: dash(plant.systemSizeKw, ' kW') },
            { key: 'pv', label: t('plant.pvSizeKwp'), children: dash(plant.pvSizeKwp, ' kWp') },
            {
              key: 'modules',
              label: t('owners.modules'),
              children:
                plant.panelTilt === null || plant.panelAzimuth === null
                  ? '—'
                  : t('owners.modulesValue', { tilt: plant.panelTilt, azimuth: plant.panelAzimuth }),
            },
            {
              key: 'tariff',
              label: t('plant.feedInTariff'),
              children: plant.feedInTariff === null ? '—' : `${formatNumber(plant.feedInTariff, 4)} ${plant.currency}/kWh`,
            },
            {
              key: 'importPrice',
              label: t('owners.importPrice'),
              children: (
                <>
                  {plant.importPrice === null ? '—' : `${formatNumber(plant.importPrice, 4)} ${plant.currency}/kWh`}
                  {plant.pricePeriods.map((period) => (
                    <Tag key={period.start} style={{ marginInlineStart: 8 }}>
                      {period.start}–{period.end} {t(`workMode.priceKinds.${period.kind}`)} {formatNumber(period.price, 4)}
                    </Tag>
                  ))}
                </>
              ),
            },
            { key: 'commissioned', label: t('plant.commissionedOn'), children: dash(plant.commissionedOn) },
            { key: 'grid', label: t('plant.gridConnectedOn'), children: dash(plant.gridConnectedOn) },
            { key: 'installer', label: t('plant.installer'), children: dash(plant.installer) },
            { key: 'owner', label: t('plant.owner'), children: dash(plant.owner) },
            { key: 'installerContact', label: t('plant.installerContact'), children: contact(plant.installerContact) },
            { key: 'userContact', label: t('plant.userContact'), children: contact(plant.userContact) },
            {
              key: 'dataloggers',
              label: t('plant.dataloggers'),
              span: 'filled',
              children: plant.dataloggerSns.length ? (
                plant.dataloggerSns.map((sn) => <Tag key={sn}>{sn}</Tag>)
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ),
            },
          ]}
        />
      </Card>
      <WhenNear minHeight={400}>
        <Suspense fallback={<Skeleton active />}>
          <PlantSharing plantId={id} writable={plant.writable} />
          <AlarmThresholds plantId={id} />
        </Suspense>
      </WhenNear>
    </Flex>
  );
}
