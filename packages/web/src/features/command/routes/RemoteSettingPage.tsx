import { type DeviceDetail, type DeviceSettingsReported, routeByName, type SchedulePeriod } from '@sunstack/shared';
import { Button, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommandHistory } from '../../../components/command/CommandHistory.tsx';
import { SettingsCard } from '../../../components/command/SettingsCard.tsx';
import { useDeviceCommands } from '../../../components/command/useDeviceCommands.ts';
import { ConfigurationCard } from '../components/ConfigurationCard.tsx';
import { DeviceHeader } from '../components/DeviceHeader.tsx';
import { DeviceScreen } from '../components/DeviceScreen.tsx';
import { SchedulePeriods } from '../components/SchedulePeriods.tsx';

/**
 * Remote setting (spec /bus/device/inverter/remoteSetting, 2, 3, 4, 255): pick an inverter in scope
 * (or arrive with `?sn=` from its detail), read its settings from the device, change them, configure
 * and restart its datalogger, and follow every command live to the device's answer.
 */
export default function RemoteSettingPage() {
  const { t } = useTranslation();
  return (
    <DeviceScreen route="remote-setting" choose={t('remoteSetting.chooseDevice')}>
      {({ facts, reported }) => <RemoteSetting facts={facts} device={reported} />}
    </DeviceScreen>
  );
}

function RemoteSetting({ facts, device }: { facts: DeviceDetail; device: DeviceSettingsReported }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sn } = device;
  const { paging, history, commandOf, onSent } = useDeviceCommands(sn);
  return (
    <Flex vertical gap={16}>
      <DeviceHeader facts={facts} device={device}>
        {device.settings.WorkMode && (
          <Button style={{ marginTop: 12 }} onClick={() => navigate(`${routeByName('work-model').path}?sn=${encodeURIComponent(sn)}`)}>
            {t('workMode.open')}
          </Button>
        )}
      </DeviceHeader>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <SettingsCard
            kind="inverter"
            title={t('remoteSetting.settingsTitle')}
            device={device}
            latest={commandOf('settings')}
            onSent={onSent('settings')}
          >
            {device.settings.SchedulePeriods && <SchedulePeriods periods={device.settings.SchedulePeriods.value as SchedulePeriod[]} />}
          </SettingsCard>
        </Col>
        <Col xs={24} xl={9}>
          <ConfigurationCard device={device} latest={commandOf('configuration')} onSent={onSent('configuration')} />
        </Col>
      </Row>
      <CommandHistory device={device} paging={paging} history={history} />
    </Flex>
  );
}
