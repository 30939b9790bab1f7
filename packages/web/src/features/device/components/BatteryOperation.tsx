import { Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandHistory } from '../../../components/command/CommandHistory.tsx';
import { ConnectionNotice } from '../../../components/command/ConnectionNotice.tsx';
import { SettingsCard } from '../../../components/command/SettingsCard.tsx';
import { useDeviceCommands } from '../../../components/command/useDeviceCommands.ts';
import { ForceChargeWindows } from './ForceChargeWindows.tsx';

/** The battery's limits held by its inverter: the floor, the ceiling and the powers of charging and discharging. */
const BATTERY_LIMITS = ['MinSoc', 'MaxSoc', 'ForceChargePower', 'ForceDischargePower'];

/**
 * How the battery runs, as its inverter holds it (the inverter takes the battery's commands): its limits and its
 * force-charge windows, read from the inverter on opening and changed through the command path, with the
 * inverter's commands as they go.
 */
export function BatteryOperation({ inverterSn }: { inverterSn: string }) {
  const { t } = useTranslation();
  const { reported, paging, history, commandOf, onSent } = useDeviceCommands(inverterSn);
  const device = reported.data;
  if (reported.error) return null;
  if (!device) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('deviceSettings.heldByInverter', { sn: inverterSn })}
      </Typography.Title>
      <ConnectionNotice device={device} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <SettingsCard
            kind="inverter"
            keys={BATTERY_LIMITS}
            title={t('deviceSettings.batteryTitle')}
            device={device}
            latest={commandOf('settings')}
            onSent={onSent('settings')}
          />
        </Col>
        <Col xs={24} xl={14}>
          <ForceChargeWindows device={device} latest={commandOf('windows')} onSent={onSent('windows')} />
        </Col>
      </Row>
      <CommandHistory device={device} paging={paging} history={history} />
    </Flex>
  );
}
