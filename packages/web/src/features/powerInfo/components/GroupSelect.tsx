import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionGroups } from '../api/listPermissionGroups.ts';

/** A permission group picker searching the server's paginated list (the first 50 matches). */
export function GroupSelect({
  value,
  onChange,
  currentName,
  placeholder,
  allowClear = true,
  style,
  id,
}: {
  value?: number | null;
  /** The chosen group's id and name (null and '' when cleared). */
  onChange?: (value: number | null, name: string) => void;
  /** The selected group's name, shown even when it is not among the matches. */
  currentName?: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const groups = usePermissionGroups({ name: search.trim() || undefined, pageSize: 50 });
  const options = (groups.data?.groups ?? []).map((group) => ({ value: group.id, label: group.name }));
  if (value && currentName && !options.some((option) => option.value === value)) options.unshift({ value, label: currentName });
  return (
    <Select<number | null>
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null, options.find((option) => option.value === next)?.label ?? '')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      loading={groups.isFetching}
      placeholder={placeholder ?? t('powerInfo.group.choose')}
      notFoundContent={t('powerInfo.group.noMatch')}
      options={options}
      style={{ minWidth: 200, ...style }}
    />
  );
}
