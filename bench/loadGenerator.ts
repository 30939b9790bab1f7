import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOAD_SCRIPT = fileURLToPath(new URL('./ingestLoad.ts', import.meta.url));

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
}

/** Runs the load generator in its own process (its CPU is not the measured one's); answers messages acknowledged and seconds taken. */
export function generate(job: LoadJob): Promise<{ acked: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited with ${code}`))));
  });
}
