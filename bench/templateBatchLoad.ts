/**
 * The dataloggers of the template batch benchmark, run as a process of their own: each connects,
 * subscribes to its commands and answers them with the simulator's command processor (runLoad,
 * `answerCommands`), sending no telemetry. Reads its job from argv[2]; prints one JSON line when
 * every one has connected, and runs until it is killed.
 */
import { runLoad } from '@sunstack/simulator';

export interface TemplateLoadJob {
  url: string;
  /** SNs from `firstSn` on, `count` of them, all with one secret (argv cannot hold 10,000 of them). */
  firstSn: number;
  count: number;
  secret: string;
}

const job = JSON.parse(process.argv[2] as string) as TemplateLoadJob;
const dataloggers = Array.from({ length: job.count }, (_, i) => ({ sn: String(job.firstSn + i), secret: job.secret }));
const load = runLoad({ url: job.url, dataloggers, rate: 0, answerCommands: true, connectConcurrency: 200 });
const settled = () => load.report().connected + load.report().connectFailures >= job.count;
while (!settled()) await new Promise((resolve) => setTimeout(resolve, 200));
process.stdout.write(`${JSON.stringify({ connected: load.report().connected })}\n`);
setInterval(() => {}, 60_000);
