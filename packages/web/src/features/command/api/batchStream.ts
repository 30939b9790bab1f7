import { type Batch, batchCalls } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { followStream } from '../../../lib/http.ts';

/** A batch as its stream tells it: first as it is, then again (with new counts) whenever its commands change. */
export function useBatchStream(id: string) {
  const [batch, setBatch] = useState<Batch>();
  useEffect(() => {
    if (id === '') return;
    const stop = new AbortController();
    void followStream(batchCalls.stream, { id }, setBatch, stop.signal);
    return () => stop.abort();
  }, [id]);
  return batch;
}
