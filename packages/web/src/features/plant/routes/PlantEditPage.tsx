import { Errno } from '@sunstack/shared';
import { Card, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Result } from '../../../components/Result.tsx';
import { ApiError, errnoMessage } from '../../../lib/http.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { usePlantDetail } from '../api/plantDetail.ts';
import { PlantForm } from '../components/PlantForm.tsx';

/** Edit a plant: the plant form in edit mode, for plants the caller may change (40300 otherwise, 40404 when out of scope). */
export default function PlantEditPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const id = Number(tab.query.id);
  const detail = usePlantDetail(id);
  useTabBusy(detail.isFetching);
  const name = detail.data?.name;

  useEffect(() => {
    if (name && useTabStore.getState().activeId === tab.id) useTabStore.getState().setTitle(`literal:${t('plant.editTitle', { name })}`);
  }, [name, tab.id, t]);

  if (detail.error instanceof ApiError || !(id > 0)) return <Result status="404" title={t('plant.notFound')} />;
  if (!detail.data) return <Skeleton active />;
  if (!detail.data.writable) return <Result status="403" title={errnoMessage(Errno.noPermission)} subTitle={t('plant.readOnly')} />;
  return (
    <Card title={t('plant.editTitle', { name: detail.data.name })} variant="borderless">
      <PlantForm plant={detail.data} />
    </Card>
  );
}
