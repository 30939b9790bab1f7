import type { DeviceSettingsReported } from '@sunstack/shared';
import { useEffect, useRef } from 'react';
import { useSendCommand } from './sendCommand.ts';

/** Values the device reported this recently are not read again when a screen opens. */
const FRESH_REPORT_MS = 60_000;

/**
 * Reads the device's current values once as a screen opens, when its datalogger is connected and the
 * caller may command it, unless it reported them within the last minute (going back and forth between
 * tabs does not flood its log); an offline device is not asked by itself. Tells the read's command id.
 */
export function useReadOnOpen(device: DeviceSettingsReported | undefined, onSent: (commandId: string) => void) {
  const read = useSendCommand('settingGet');
  const done = useRef(false);
  useEffect(() => {
    if (!device || done.current || !device.connected || !device.controllable) return;
    done.current = true;
    const newest = Math.max(0, ...Object.values(device.settings).map((value) => value?.at ?? 0));
    if (Date.now() - newest < FRESH_REPORT_MS) return;
    read.mutateAsync({ sn: device.sn }).then(
      ({ commandId }) => onSent(commandId),
      () => {},
    );
  }, [device, read, onSent]);
}
