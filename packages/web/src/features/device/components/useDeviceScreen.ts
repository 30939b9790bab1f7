import { compareVariables } from '@sunstack/shared';
import { useEffect, useMemo } from 'react';
import { useDeviceDetail } from '../../../api/deviceDetail.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTabStore } from '../../../lib/tabs/tabStore.ts';
import { useDeviceNow } from '../api/deviceData.ts';

/**
 * What a device screen starts from: the device's fields, its live values and the names of the variables it
 * reports (known ones in protocol order); the tab takes the device's name.
 */
export function useDeviceScreen(sn: string) {
  const tab = useTab();
  const detail = useDeviceDetail(sn);
  const now = useDeviceNow(sn);
  useTabBusy(detail.isFetching);
  useEffect(() => {
    if (detail.data && useTabStore.getState().activeId === tab.id)
      useTabStore.getState().setTitle(`literal:${detail.data.name || detail.data.sn}`);
  }, [detail.data, tab.id]);
  const names = useMemo(() => Object.keys(now?.vars ?? {}).sort(compareVariables), [now]);
  return { detail, now, names };
}
