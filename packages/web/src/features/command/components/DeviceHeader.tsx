import { type DeviceDetail, type DeviceSettingsReported, routeByName } from '@sunstack/shared';
import { Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConnectionNotice } from '../../../components/command/ConnectionNotice.tsx';
import { StatusTag } from '../../../components/StatusTag.tsx';

/**
 * The device a command screen operates: name, SN (to its detail), model, plant, whether its datalogger
 * is connected, and before anything is sent, that an offline one gets commands only when it connects
 * and that a device seen read-only takes none.
 */
export function DeviceHeader({ facts, device, children }: { facts: DeviceDetail; device: DeviceSettingsReported; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
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
              <Typography.Link onClick={() => navigate(`${routeByName('inverter-detail').path}?sn=${encodeURIComponent(facts.sn)}`)}>
                {facts.sn}
              </Typography.Link>
            ),
          },
          { key: 'model', label: t('device.model'), children: facts.model || '—' },
          { key: 'plant', label: t('datalogger.plant'), children: facts.plantName || '—' },
        ]}
      />
      <ConnectionNotice device={device} />
      {children}
    </Card>
  );
}
