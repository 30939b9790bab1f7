import { type UpgradeTask, upgradeCalls } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { followStream } from '../../../lib/http.ts';

/** A task as its stream tells it: first as it is, then again whenever its devices move. */
export function useUpgradeStream(id: number | undefined) {
  const [task, setTask] = useState<UpgradeTask>();
  useEffect(() => {
    setTask(undefined);
    if (id === undefined) return;
    const stop = new AbortController();
    void followStream(upgradeCalls.stream, { id }, setTask, stop.signal);
    return () => stop.abort();
  }, [id]);
  return task;
}
