import { type DeviceDetail, type DeviceSettingsReported, routeByName } from '@sunstack/shared';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceDetail } from '../../../api/deviceDetail.ts';
import { useSettingReported } from '../../../api/settingReported.ts';
import { Result } from '../../../components/Result.tsx';
import { useTab } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { DevicePicker } from './DevicePicker.tsx';

/**
 * A screen that operates one inverter (remote setting, work mode): the inverter picked here or given
 * as `?sn=` (another one takes this tab's place rather than opening a tab of its own), then its
 * detail and what it reported, once both are there; a device out of scope is not found.
 */
export function DeviceScreen({
  route,
  choose,
  children,
}: {
  route: string;
  /** What to say while no inverter is chosen. */
  choose: string;
  children: (device: { facts: DeviceDetail; reported: DeviceSettingsReported }) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = useTab();
  const sn = String(tab.query.sn ?? '');
  const { path } = routeByName(route);
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
      {sn === '' ? (
        <Empty description={choose} />
      ) : (
        <Loaded key={sn} sn={sn}>
          {children}
        </Loaded>
      )}
    </Flex>
  );
}

function Loaded({
  sn,
  children,
}: {
  sn: string;
  children: (device: { facts: DeviceDetail; reported: DeviceSettingsReported }) => ReactNode;
}) {
  const { t } = useTranslation();
  const detail = useDeviceDetail(sn);
  const reported = useSettingReported(sn);
  if (reported.error || detail.error) return <Result status="404" title={t('monitoring.deviceNotFound')} />;
  if (!reported.data || !detail.data) return <Skeleton active />;
  return children({ facts: detail.data, reported: reported.data });
}
