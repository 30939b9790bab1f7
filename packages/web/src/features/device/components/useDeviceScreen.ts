import { useEffect } from 'react';
import { useTab, useTabBusy } from '../../../app/tabs/TabHost.tsx';
import { useTabStore } from '../../../app/tabs/tabStore.ts';
import { useDeviceNow } from '../api/deviceData.ts';
import { useDeviceDetail } from '../api/deviceDetail.ts';

/** What a device screen starts from: the device's fields and its live values; the tab takes the device's name. */
export function useDeviceScreen(sn: string) {
  const tab = useTab();
  const detail = useDeviceDetail(sn);
  const now = useDeviceNow(sn);
  useTabBusy(detail.isFetching);
  useEffect(() => {
    if (detail.data && useTabStore.getState().activeId === tab.id)
      useTabStore.getState().setTitle(`literal:${detail.data.name || detail.data.sn}`);
  }, [detail.data, tab.id]);
  return { detail, now };
}
