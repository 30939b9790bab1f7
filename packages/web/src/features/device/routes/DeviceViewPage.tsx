import type { SettingsKind } from '@sunstack/shared';
import { Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandHistory } from '../../../components/command/CommandHistory.tsx';
import { ConnectionNotice } from '../../../components/command/ConnectionNotice.tsx';
import { SettingsCard } from '../../../components/command/SettingsCard.tsx';
import { useDeviceCommands } from '../../../components/command/useDeviceCommands.ts';
import { Result } from '../../../components/Result.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import { DeviceFacts } from '../components/DeviceFacts.tsx';
import { DeviceHistory } from '../components/DeviceHistory.tsx';
import { LatestValues } from '../components/LatestValues.tsx';
import { useDeviceScreen } from '../components/useDeviceScreen.ts';
import DeviceListPage from './DeviceListPage.tsx';

/** The kinds with a view of their own here: their settings, the card's title and the variables their history opens on. */
const VIEWS: Record<string, { kind: SettingsKind; title: string; hint: string; preferred: string[] }> = {
  'device-meter': {
    kind: 'meter',
    title: 'deviceSettings.meterTitle',
    hint: 'deviceSettings.meterHint',
    preferred: ['meterPower', 'RCurrent'],
  },
  'device-ems': {
    kind: 'ems',
    title: 'deviceSettings.emsTitle',
    hint: 'deviceSettings.emsHint',
    preferred: ['siteGridPower', 'sitePvPower', 'managedDevices'],
  },
};

/**
 * Meter management and details, EMS details and configuration (spec section 2, screens named in menus; routes
 * `/bus/device/meter` and `/bus/device/ems`): the list of the kind in scope, or with `?sn=` one device's view: its
 * fields, its readings live, its settings read and changed through the command path (a meter's CT ratio and
 * direction, an EMS's device count), its commands as they go, and the history of its readings.
 */
export default function DeviceViewPage() {
  const tab = useTab();
  const sn = String(tab.query.sn ?? '');
  const view = VIEWS[tab.name];
  return sn === '' || !view ? <DeviceListPage /> : <DeviceView key={sn} sn={sn} {...view} />;
}

function DeviceView({ sn, kind, title, hint, preferred }: { sn: string } & (typeof VIEWS)[string]) {
  const { t } = useTranslation();
  const { detail, now: values, names } = useDeviceScreen(sn);
  const { reported, paging, history, commandOf, onSent } = useDeviceCommands(sn);
  const device = reported.data;

  if (detail.error instanceof ApiError || reported.error) return <Result status="404" title={t('monitoring.deviceNotFound')} />;
  if (!detail.data || !device) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <DeviceFacts device={detail.data} />
      <ConnectionNotice device={device} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <LatestValues values={values} names={names} />
        </Col>
        <Col xs={24} xl={15}>
          <SettingsCard kind={kind} title={t(title)} device={device} latest={commandOf('settings')} onSent={onSent('settings')}>
            <Typography.Paragraph type="secondary">{t(hint)}</Typography.Paragraph>
          </SettingsCard>
        </Col>
      </Row>
      <CommandHistory device={device} paging={paging} history={history} />
      {/* Starts again once the plant's zone is known: its range is the plant's today. */}
      <DeviceHistory key={values?.timeZone} sn={sn} names={names} preferred={preferred} timeZone={values?.timeZone} />
    </Flex>
  );
}
