import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceList } from '../../../api/listDevices.ts';

/** Picks an inverter in the caller's scope, searched by the start of its SN on the server. */
export function DevicePicker({ value, onChange }: { value: string; onChange: (sn: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useDeviceList({ type: 'inverter', sn: search || undefined, currentPage: 1, pageSize: 20 });
  const options = (list.data?.devices ?? []).map((device) => ({
    value: device.sn,
    label: [device.sn, device.name, device.plantName].filter(Boolean).join(' · '),
  }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value || undefined}
      onChange={onChange}
      placeholder={t('remoteSetting.pickDevice')}
      aria-label={t('remoteSetting.pickDevice')}
      loading={list.isFetching}
      options={options}
      notFoundContent={list.isFetching ? null : t('remoteSetting.noInverters')}
      style={{ width: '100%', maxWidth: 520 }}
    />
  );
}
