import { languageTag } from '@sunstack/shared';
import { Alert, Card, Col, Empty, Flex, Progress, Row, Skeleton, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Result } from '../../../components/Result.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { displayValue } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import type { DeviceNow } from '../api/deviceData.ts';
import { usePlantBatteryEnergy } from '../api/plantBatteryEnergy.ts';
import { BatteryOperation } from '../components/BatteryOperation.tsx';
import { type BatteryState, batteryPowerKw, batteryState, LIVE_WINDOW_MS, LOW_TEMPERATURE_C } from '../components/battery.ts';
import { DeviceFacts } from '../components/DeviceFacts.tsx';
import { DeviceHistory } from '../components/DeviceHistory.tsx';
import { BatteryHealthCard } from '../components/OwnerFigures.tsx';
import { useDeviceScreen } from '../components/useDeviceScreen.ts';
import DeviceListPage from './DeviceListPage.tsx';

const PREFERRED_VARIABLES = ['SoC', 'batTemperature', 'batCurrent'];
const STATE_TONES: Record<BatteryState, string> = { charging: 'green', discharging: 'blue', idle: 'default' };

/**
 * `/bus/device/battery`: the battery list (hidden in the menu, as the spec has it), or with `?sn=`
 * the view of one battery. One route for both, so the spec's path stays and each battery gets its tab.
 */
export default function BatteryPage() {
  const sn = String(useTab().query.sn ?? '');
  return sn === '' ? <DeviceListPage /> : <BatteryView sn={sn} />;
}

/**
 * One battery: SoC, state, power, voltage and current, temperature, energy today (live), history, fields and firmware,
 * and how it runs (limits, force-charge windows) through its inverter.
 */
function BatteryView({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const { detail, now: values, names } = useDeviceScreen(sn);

  if (detail.error instanceof ApiError) return <Result status="404" title={t('monitoring.deviceNotFound')} />;
  if (!detail.data) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <DeviceFacts device={detail.data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <BatteryNow values={values} plantId={detail.data.plantId} />
        </Col>
        <Col xs={24} xl={15}>
          {/* Starts again once the plant's zone is known: its range is the plant's today. */}
          <DeviceHistory key={values?.timeZone} sn={sn} names={names} preferred={PREFERRED_VARIABLES} timeZone={values?.timeZone} />
        </Col>
      </Row>
      <BatteryHealthCard sn={sn} />
      {detail.data.inverterSn && <BatteryOperation inverterSn={detail.data.inverterSn} />}
    </Flex>
  );
}

function BatteryNow({ values, plantId }: { values: DeviceNow | undefined; plantId: number | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const now = useNow();
  const language = useClientStore((state) => state.language);
  const vars = values?.vars ?? {};
  // Today's energy is the battery's own where it counts it, else what its plant's inverter counted.
  const ownCounters = vars.chargeEnergyTotal !== undefined || vars.dischargeEnergyTotal !== undefined;
  const plantEnergy = usePlantBatteryEnergy(plantId, values?.ts ?? null, !!values && !ownCounters);
  const title = t('device.batteryNow');

  if (!values) return <Card title={title} variant="borderless" loading />;
  if (values.ts === null)
    return (
      <Card title={title} variant="borderless">
        <Empty description={t('monitoring.noData')} />
      </Card>
    );

  const fresh = now - values.ts <= LIVE_WINDOW_MS;
  const power = batteryPowerKw(vars);
  const temperature = vars.batTemperature;
  const cold = temperature !== undefined && temperature <= LOW_TEMPERATURE_C;
  const energy = ownCounters
    ? { charge: values.today.chargeEnergyTotal ?? 0, discharge: values.today.dischargeEnergyTotal ?? 0 }
    : plantEnergy.data;
  const figure = (key: string, label: string, value: number | undefined, unit: string, decimals = 2, color?: string) =>
    value === undefined ? null : (
      <Col key={key} xs={12}>
        <Statistic
          title={label}
          value={displayValue(value, decimals)}
          suffix={unit}
          styles={{ content: { fontSize: 20, ...(color ? { color } : {}) } }}
        />
      </Col>
    );

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Typography.Text type="secondary">
          {t('monitoring.updated', { when: relativeTime(values.ts, now, languageTag(language)) })}
        </Typography.Text>
      }
    >
      <Flex vertical gap={16}>
        <Flex align="center" justify="space-around" wrap gap={16}>
          {vars.SoC !== undefined && (
            <Progress
              type="dashboard"
              percent={Math.round(vars.SoC)}
              format={(percent) => `${percent} %`}
              aria-label={t('monitoring.soc')}
            />
          )}
          <Flex vertical gap={8} align="center">
            <Typography.Text type="secondary">{t('device.batteryStateLabel')}</Typography.Text>
            {fresh && power !== undefined ? (
              <Tag color={STATE_TONES[batteryState(power)]} style={{ fontSize: 16, padding: '4px 12px', marginInlineEnd: 0 }}>
                {t(`device.batteryState.${batteryState(power)}`)}
              </Tag>
            ) : (
              <Tag style={{ fontSize: 16, padding: '4px 12px', marginInlineEnd: 0 }}>{t('monitoring.offline')}</Tag>
            )}
          </Flex>
        </Flex>
        {cold && <Alert type="warning" showIcon title={t('device.batteryCold', { limit: LOW_TEMPERATURE_C })} />}
        <Row gutter={[16, 16]}>
          {figure('power', t('device.batteryPower'), power === undefined ? undefined : Math.abs(power), 'kW')}
          {figure('temperature', t('device.batteryTemperature'), temperature, '°C', 1, cold ? token.colorWarning : undefined)}
          {figure('volt', t('device.batteryVoltage'), vars.batVolt, 'V', 1)}
          {figure('current', t('device.batteryCurrent'), vars.batCurrent === undefined ? undefined : Math.abs(vars.batCurrent), 'A')}
          {figure('soh', t('device.batteryHealth'), vars.SOH, '%', 1)}
          {figure('residual', t('device.batteryResidual'), vars.ResidualEnergy, 'kWh')}
          {figure('minSoc', t('device.minSoc'), vars.MinSoc, '%', 0)}
          {vars.WorkMode !== undefined && (
            <Col xs={12}>
              <Statistic title={t('device.workMode')} value={vars.WorkMode} styles={{ content: { fontSize: 20 } }} />
            </Col>
          )}
        </Row>
        <Card size="small" title={t('monitoring.today')}>
          {energy ? (
            <Flex vertical gap={8}>
              <Row gutter={[16, 8]}>
                {figure('charge', t('monitoring.energy.charge'), energy.charge, 'kWh')}
                {figure('discharge', t('monitoring.energy.discharge'), energy.discharge, 'kWh')}
              </Row>
              {!ownCounters && <Typography.Text type="secondary">{t('device.energyOfPlant')}</Typography.Text>}
            </Flex>
          ) : plantEnergy.isFetching ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <Empty description={t('monitoring.noData')} />
          )}
        </Card>
      </Flex>
    </Card>
  );
}
