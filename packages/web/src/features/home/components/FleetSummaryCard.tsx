import { PLANT_STATUSES } from '@sunstack/shared';
import { Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantStatusTag } from '../../../components/PlantStatusTag.tsx';
import { displayValue } from '../../../lib/format.ts';
import { useFleetSummary } from '../api/fleetSummary.ts';

/** Energy above this is shown in MWh. */
const MWH_FROM_KWH = 10_000;

const energy = (kwh: number) =>
  kwh >= MWH_FROM_KWH ? { value: displayValue(kwh / 1000), unit: 'MWh' } : { value: displayValue(kwh), unit: 'kWh' };

/** The fleet in the user's scope: plants by status, power now, today's and lifetime yield, CO2 avoided. */
export function FleetSummaryCard() {
  const { t } = useTranslation();
  const summary = useFleetSummary();
  const data = summary.data;
  const today = energy(data?.todayYield ?? 0);
  const lifetime = energy(data?.lifetimeYield ?? 0);
  return (
    <Card title={t('monitoring.fleet')}>
      {!data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={16} xl={8}>
            <Statistic title={t('monitoring.plants')} value={data.plants.total} />
            <Flex wrap gap={4} style={{ marginTop: 4 }}>
              {PLANT_STATUSES.map((status) => (
                <PlantStatusTag key={status} status={status} count={data.plants[status]} />
              ))}
            </Flex>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t('monitoring.currentPower')} value={displayValue(data.currentPower)} suffix="kW" />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t('monitoring.todayYield')} value={today.value} suffix={today.unit} />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t('monitoring.lifetimeYield')} value={lifetime.value} suffix={lifetime.unit} />
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Statistic title={t('monitoring.co2Avoided')} value={displayValue(data.co2Avoided / 1000)} suffix="t" />
          </Col>
        </Row>
      )}
    </Card>
  );
}
