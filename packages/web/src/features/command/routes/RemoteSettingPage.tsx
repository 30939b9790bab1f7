import { routeByName } from '@sunstack/shared';
import { Alert, Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceDetail } from '../../../api/deviceDetail.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useCommandStream } from '../api/commandStream.ts';
import { useCommandList } from '../api/listCommands.ts';
import { useSendCommand } from '../api/sendCommand.ts';
import { useSettingReported } from '../api/settingReported.ts';
import { CommandHistory } from '../components/CommandHistory.tsx';
import { ConfigurationCard } from '../components/ConfigurationCard.tsx';
import { DevicePicker } from '../components/DevicePicker.tsx';
import { SettingsCard } from '../components/SettingsCard.tsx';

/** Values the device reported this recently are not read again when the screen opens. */
const FRESH_REPORT_MS = 60_000;

/**
 * Remote setting (spec /bus/device/inverter/remoteSetting, 2, 3, 4, 255): pick an inverter in scope
 * (or arrive with `?sn=` from its detail), read its settings from the device, change them, configure
 * and restart its datalogger, and follow every command live to the device's answer.
 */
export default function RemoteSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = useTab();
  const sn = String(tab.query.sn ?? '');
  const path = routeByName('remote-setting').path;
  // Another inverter takes this tab's place rather than opening a tab of its own.
  const pick = (next: string) => {
    const address = `${path}?sn=${encodeURIComponent(next)}`;
    useTabStore.getState().replace({ id: address, name: tab.name, title: tab.title, path, query: { sn: next } });
    navigate(address);
  };
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <Flex gap={12} align="center" wrap>
          <Typography.Text strong>{t('remoteSetting.device')}</Typography.Text>
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <DevicePicker value={sn} onChange={pick} />
          </div>
        </Flex>
      </Card>
      {sn === '' ? <Empty description={t('remoteSetting.chooseDevice')} /> : <RemoteSetting key={sn} sn={sn} />}
    </Flex>
  );
}

function RemoteSetting({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useDeviceDetail(sn);
  const reported = useSettingReported(sn);
  const paging = usePagedFilters({ sn });
  const history = useCommandList(paging.query);
  const read = useSendCommand('settingGet');
  useCommandStream(sn);
  useTabBusy(reported.isFetching || history.isFetching);
  // The command each card sent last, followed in the card until the next.
  const [sent, setSent] = useState<{ settings?: string; configuration?: string }>({});
  const commandOf = (id: string | undefined) => history.data?.commands.find((command) => command.id === id);

  // Opening the screen reads the device's current values, once, when it is connected and may be commanded,
  // unless it reported them within the last minute (going back and forth between tabs does not flood its log).
  const readOnOpen = useRef(false);
  const device = reported.data;
  useEffect(() => {
    if (!device || readOnOpen.current || !device.connected || !device.controllable) return;
    readOnOpen.current = true;
    const newest = Math.max(0, ...Object.values(device.settings).map((value) => value?.at ?? 0));
    if (Date.now() - newest < FRESH_REPORT_MS) return;
    read.mutateAsync({ sn }).then(
      ({ commandId }) => setSent((last) => ({ ...last, settings: commandId })),
      () => {},
    );
  }, [device, sn, read]);

  if (reported.error || detail.error) return <Result status="404" title={t('monitoring.deviceNotFound')} />;
  if (!device || !detail.data) return <Skeleton active />;
  const facts = detail.data;
  return (
    <Flex vertical gap={16}>
      <Card
        title={facts.name || facts.sn}
        variant="borderless"
        extra={
          <StatusTag tone={device.connected ? 'success' : 'error'}>
            {t(device.connected ? 'remoteSetting.connected' : 'remoteSetting.offline')}
          </StatusTag>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'sn',
              label: t('device.sn'),
              children: (
                <Typography.Link onClick={() => navigate(`${routeByName('inverter-detail').path}?sn=${encodeURIComponent(sn)}`)}>
                  {sn}
                </Typography.Link>
              ),
            },
            { key: 'model', label: t('device.model'), children: facts.model || '—' },
            { key: 'plant', label: t('datalogger.plant'), children: facts.plantName || '—' },
          ]}
        />
        {!device.connected && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title={t('remoteSetting.offlineTitle')}
            description={t('remoteSetting.offlineWait')}
          />
        )}
        {!device.controllable && <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('remoteSetting.readOnly')} />}
      </Card>
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
      <CommandHistory device={device} paging={paging} history={history} />
    </Flex>
  );
}
