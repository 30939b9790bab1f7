import { parentPort, workerData } from 'node:worker_threads';
import { type ReportContent, writeReportFiles } from './reportFiles.ts';

/**
 * The report writer's thread (started by `writeReportFilesApart`): it asks its parent for the rows, then the
 * charts, a batch at a time, and writes the files as they come. Its heap is its own and capped, so what pdfkit
 * allocates is collected there, whatever the parent process holds.
 */
const port = parentPort;
if (!port) throw new Error('reportWorker.ts runs as a worker thread');
const { content, paths } = workerData as { content: ReportContent; paths: { xlsx: string; pdf: string } };

/** The batches of one stream, each asked for when the writer wants it (the parent answers none at the end). */
async function* pull<T>(stream: 'rows' | 'charts'): AsyncIterable<T[]> {
  for (;;) {
    const answer = new Promise<{ batch?: T[] }>((resolve) => port?.once('message', resolve));
    port?.postMessage({ want: stream });
    const { batch } = await answer;
    if (!batch) return;
    yield batch;
  }
}

await writeReportFiles(content, pull('rows'), pull('charts'), paths);
port.postMessage({ done: true });
