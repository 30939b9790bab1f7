import type { DeviceDetail } from '@sunstack/shared';
import { Descriptions, type DescriptionsProps, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionCard } from '../../../components/ActionCard.tsx';
import { DeviceStatusTag } from './DeviceStatusTag.tsx';
import { firmwareText } from './firmwareText.ts';

/** A device's fields and firmware (spec section 3), with whatever a screen adds after them and beside its status. */
export function DeviceFacts({ device, more = [], extra }: { device: DeviceDetail; more?: DescriptionsProps['items']; extra?: ReactNode }) {
  const { t } = useTranslation();
  const actions = (
    <Flex gap={12} align="center" wrap>
      {extra}
      <DeviceStatusTag status={device.status} />
    </Flex>
  );
  return (
    // On a phone the title keeps the whole width (a serial number cut to "60C1005A2…" says nothing): status and actions go beneath it.
    <ActionCard title={device.name || device.sn} actions={actions} narrowBelow="sm">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'sn', label: t('device.sn'), children: device.sn },
          { key: 'type', label: t('device.type'), children: t(`device.types.${device.type}`) },
          { key: 'model', label: t('device.model'), children: device.model || '—' },
          ...(device.type === 'battery'
            ? []
            : [
                { key: 'rated', label: t('device.ratedPower'), children: device.ratedPowerKw === null ? '—' : `${device.ratedPowerKw} kW` },
              ]),
          { key: 'plant', label: t('datalogger.plant'), children: device.plantName || '—' },
          { key: 'datalogger', label: t('plant.dataloggerSn'), children: device.dataloggerSn },
          ...more,
          {
            key: 'firmware',
            label: t('device.firmware'),
            span: 'filled',
            children: firmwareText(device.firmware, t),
          },
        ]}
      />
    </ActionCard>
  );
}
