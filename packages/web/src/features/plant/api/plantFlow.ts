import { monitoringCalls, type PlantFlow } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { followStream } from '../../../lib/http.ts';

/** A plant's power flow, kept current by its live stream (the first event is the flow now). */
export function usePlantFlow(id: number): PlantFlow | undefined {
  const [flow, setFlow] = useState<PlantFlow>();
  useEffect(() => {
    if (!(id > 0)) return;
    const stop = new AbortController();
    void followStream(monitoringCalls.plantStream, { id }, (next: PlantFlow) => setFlow(next), stop.signal);
    return () => stop.abort();
  }, [id]);
  return flow;
}
