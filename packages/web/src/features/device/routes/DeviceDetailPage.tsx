import { routeByName } from '@sunstack/shared';
import { Button, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceList } from '../../../api/listDevices.ts';
import { Result } from '../../../components/Result.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import { DeviceFacts } from '../components/DeviceFacts.tsx';
import { DeviceHistory } from '../components/DeviceHistory.tsx';
import { LatestValues } from '../components/LatestValues.tsx';
import { BatteryHealthCard, ChargingSessionsCard, StringComparisonCard } from '../components/OwnerFigures.tsx';
import { useDeviceScreen } from '../components/useDeviceScreen.ts';

const PREFERRED_VARIABLES = ['pvPower', 'SoC', 'meterPower', 'chargePower', 'hpPower'];

/**
 * One device (spec /bus/device/inverterDetail and the integrator's): its fields and firmware,
 * its newest values with when they were measured (live), and the history of any variables over a
 * range. An inverter links the batteries of its plant to their view.
 */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = useTab();
  const sn = String(tab.query.sn ?? '');
  const { detail, now: values, names } = useDeviceScreen(sn);
  const mayViewBatteries = useClientStore((state) => state.menus.includes('device-battery'));
  const mayOperate = useClientStore((state) => state.menus.includes('remote-setting'));
  const maySetWorkMode = useClientStore((state) => state.menus.includes('work-model'));
  const plantId = detail.data?.type === 'inverter' ? detail.data.plantId : null;
  const batteries = useDeviceList(
    { type: 'battery', plantId: plantId ?? undefined, currentPage: 1, pageSize: 10 },
    { enabled: mayViewBatteries && plantId !== null },
  );

  if (detail.error instanceof ApiError || sn === '') return <Result status="404" title={t('monitoring.deviceNotFound')} />;
  if (!detail.data) return <Skeleton active />;
  const device = detail.data;
  const batteryPath = routeByName('device-battery').path;
  const plantBatteries = batteries.data?.devices ?? [];

  return (
    <Flex vertical gap={16}>
      <DeviceFacts
        device={device}
        extra={
          device.type === 'inverter' &&
          device.writable && (
            <Flex gap={8} wrap>
              {maySetWorkMode && plantBatteries.length > 0 && (
                <Button onClick={() => navigate(`${routeByName('work-model').path}?sn=${encodeURIComponent(device.sn)}`)}>
                  {t('navBar.workModel')}
                </Button>
              )}
              {mayOperate && (
                <Button onClick={() => navigate(`${routeByName('remote-setting').path}?sn=${encodeURIComponent(device.sn)}`)}>
                  {t('navBar.remoteSetting')}
                </Button>
              )}
            </Flex>
          )
        }
        more={
          plantBatteries.length > 0
            ? [
                {
                  key: 'batteries',
                  label: t('device.plantBatteries'),
                  children: (
                    <Flex wrap gap={12}>
                      {plantBatteries.map((battery) => (
                        <Typography.Link key={battery.sn} onClick={() => navigate(`${batteryPath}?sn=${encodeURIComponent(battery.sn)}`)}>
                          {battery.name || battery.sn}
                        </Typography.Link>
                      ))}
                    </Flex>
                  ),
                },
              ]
            : []
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <LatestValues values={values} names={names} />
        </Col>
        <Col xs={24} xl={16}>
          {/* Starts again once the plant's zone is known: its range is the plant's today. */}
          <DeviceHistory key={values?.timeZone} sn={sn} names={names} preferred={PREFERRED_VARIABLES} timeZone={values?.timeZone} />
        </Col>
      </Row>
      {/* What owners ask of the things that age; the plant's zone first, so days are the plant's. */}
      {values && device.type === 'battery' && <BatteryHealthCard sn={sn} />}
      {values && device.type === 'evCharger' && <ChargingSessionsCard sn={sn} timeZone={values.timeZone} />}
      {values && device.type === 'inverter' && <StringComparisonCard sn={sn} timeZone={values.timeZone} />}
    </Flex>
  );
}
