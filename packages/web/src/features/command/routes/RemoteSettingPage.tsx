import { routeByName, type SchedulePeriod } from '@sunstack/shared';
import { Card, Col, Descriptions, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceDetail } from '../../../api/deviceDetail.ts';
import { CommandHistory } from '../../../components/command/CommandHistory.tsx';
import { ConnectionNotice } from '../../../components/command/ConnectionNotice.tsx';
import { SettingsCard } from '../../../components/command/SettingsCard.tsx';
import { useDeviceCommands } from '../../../components/command/useDeviceCommands.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { ConfigurationCard } from '../components/ConfigurationCard.tsx';
import { DevicePicker } from '../components/DevicePicker.tsx';
import { SchedulePeriods } from '../components/SchedulePeriods.tsx';

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
  const { reported, paging, history, commandOf, onSent } = useDeviceCommands(sn);
  const device = reported.data;

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
        <ConnectionNotice device={device} />
      </Card>
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
