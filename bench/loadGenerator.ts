import { runLoadProcess } from './child.ts';

const LOAD_SCRIPT = new URL('./ingestLoad.ts', import.meta.url);

/** What ingestLoad.ts does: every datalogger publishes `messages` QoS 1 telemetry messages. */
export interface LoadJob {
  url: string;
  dataloggers: { sn: string; secret: string; device: string }[];
  /** Messages per datalogger. */
  messages: number;
  samplesPerMessage: number;
  /** Messages per second over all dataloggers; 0 = as fast as acknowledgements allow. */
  rate: number;
  /** Unique timestamps per run, so repeated runs store new rows. */
  startTs: number;
  /** Each datalogger also subscribes to its command topic, as real ones do (the broker's subscriptions grow with the fleet). */
  subscribeCommands?: boolean;
}

/** Runs the ingest's load generator in its own process; answers messages acknowledged and seconds taken. */
export const generate = (job: LoadJob) => runLoadProcess<{ acked: number; seconds: number }>(LOAD_SCRIPT, job);
