import type { Command } from '@sunstack/shared';
import { useEffect, useRef, useState } from 'react';
import { useCommandStream } from '../../api/commandStream.ts';
import { useCommandList } from '../../api/listCommands.ts';
import { useSendCommand } from '../../api/sendCommand.ts';
import { useSettingReported } from '../../api/settingReported.ts';
import { useTabBusy } from '../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../lib/usePagedFilters.ts';

/** Values the device reported this recently are not read again when a screen opens. */
const FRESH_REPORT_MS = 60_000;

/**
 * What a screen that commands a device follows: what the device last reported, its command history
 * (kept current by its command stream), and the command each card of the screen sent last (`sent`,
 * by card). Opening it reads the device's settings once, when its datalogger is connected and the
 * caller may command it, unless it reported them within the last minute (going back and forth between
 * tabs does not flood its log). `readOnOpen: false` for a device without settings.
 */
export function useDeviceCommands(sn: string, { readOnOpen = true }: { readOnOpen?: boolean } = {}) {
  const reported = useSettingReported(sn);
  const paging = usePagedFilters({ sn });
  const history = useCommandList(paging.query);
  const read = useSendCommand('settingGet');
  useCommandStream(sn);
  useTabBusy(reported.isFetching || history.isFetching);
  const [sent, setSent] = useState<Record<string, string>>({});
  const commandOf = (card: string): Command | undefined => history.data?.commands.find((command) => command.id === sent[card]);
  const onSent = (card: string) => (commandId: string) => setSent((last) => ({ ...last, [card]: commandId }));

  const readDone = useRef(!readOnOpen);
  const device = reported.data;
  useEffect(() => {
    if (!device || readDone.current || !device.connected || !device.controllable) return;
    readDone.current = true;
    const newest = Math.max(0, ...Object.values(device.settings).map((value) => value?.at ?? 0));
    if (Date.now() - newest < FRESH_REPORT_MS) return;
    read.mutateAsync({ sn }).then(
      ({ commandId }) => setSent((last) => ({ ...last, settings: commandId })),
      () => {},
    );
  }, [device, sn, read]);

  return { reported, paging, history, commandOf, onSent };
}
