import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAgingRuns } from '../api/aging.ts';

/** One of the newest 50 ageing runs, by name (the alarm and report screens). */
export function AgingRunSelect({
  value,
  onChange,
  allowClear,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  allowClear?: boolean;
}) {
  const { t } = useTranslation();
  const runs = useAgingRuns({ currentPage: 1, pageSize: 50 });
  return (
    <Select
      style={{ minWidth: 240 }}
      value={value}
      allowClear={allowClear}
      placeholder={t('aging.chooseRun')}
      aria-label={t('aging.run')}
      loading={runs.isFetching}
      onChange={(id) => onChange(id ?? undefined)}
      options={(runs.data?.runs ?? []).map((run) => ({ value: run.id, label: `${run.name} (#${run.id})` }))}
    />
  );
}
