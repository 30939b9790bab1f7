import { type DeviceDetail, type DeviceSettingsReported, routeByName } from '@sunstack/shared';
import { Button, Col, Flex, Row } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useCommandStream } from '../api/commandStream.ts';
import { useCommandList } from '../api/listCommands.ts';
import { useReadOnOpen } from '../api/readOnOpen.ts';
import { useSettingReported } from '../api/settingReported.ts';
import { CommandHistory } from '../components/CommandHistory.tsx';
import { ConfigurationCard } from '../components/ConfigurationCard.tsx';
import { DeviceHeader } from '../components/DeviceHeader.tsx';
import { DeviceScreen } from '../components/DeviceScreen.tsx';
import { SettingsCard } from '../components/SettingsCard.tsx';

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
  const reported = useSettingReported(sn);
  const paging = usePagedFilters({ sn });
  const history = useCommandList(paging.query);
  useCommandStream(sn);
  useTabBusy(reported.isFetching || history.isFetching);
  // The command each card sent last, followed in the card until the next.
  const [sent, setSent] = useState<{ settings?: string; configuration?: string }>({});
  const commandOf = (id: string | undefined) => history.data?.commands.find((command) => command.id === id);
  useReadOnOpen(
    device,
    useCallback((commandId: string) => setSent((last) => ({ ...last, settings: commandId })), []),
  );
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
            device={device}
            latest={commandOf(sent.settings)}
            onSent={(commandId) => setSent((last) => ({ ...last, settings: commandId }))}
          />
        </Col>
        <Col xs={24} xl={9}>
          <ConfigurationCard
            device={device}
            latest={commandOf(sent.configuration)}
            onSent={(commandId) => setSent((last) => ({ ...last, configuration: commandId }))}
          />
        </Col>
      </Row>
      <CommandHistory device={device} paging={paging} page={history.data} />
    </Flex>
  );
}
