import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceList } from '../../../api/listDevices.ts';

/** Inverters in scope found by SN (20 at a time), one or several. */
export function InverterSelect({
  value,
  onChange,
  multiple = false,
}: {
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useDeviceList({ type: 'inverter', sn: search.trim() || undefined, pageSize: 20 });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={onChange}
      loading={list.isFetching}
      placeholder={t('diagnostics.inverterSearch')}
      aria-label={t('diagnostics.inverter')}
      options={(list.data?.devices ?? []).map((device) => ({ value: device.sn, label: `${device.sn} · ${device.plantName}` }))}
      style={{ width: '100%' }}
    />
  );
}
