import { createHash, type Hash } from 'node:crypto';

/**
 * Files a device moves over HTTP(S). Firmware download as a device does it: HTTP(S) GET, resumed with a Range request after a cut,
 * hashed while it streams, then checked against the expected size and SHA-256 before it is applied.
 */

export class TransferError extends Error {}

export interface DownloadOptions {
  url: string;
  size: number;
  sha256: string;
  /** Called as bytes arrive. */
  onProgress?: (received: number, size: number) => void;
  attempts?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
}

/** Downloads and verifies; throws TransferError with the reason the device reports. */
export async function downloadFirmware(options: DownloadOptions): Promise<void> {
  const { url, size, sha256, onProgress, attempts = 5, retryDelayMs = 500, signal } = options;
  let hash: Hash = createHash('sha256');
  let received = 0;
  let lastError = '';
  for (let attempt = 0; attempt < attempts && received < size; attempt++) {
    if (attempt > 0) await delay(retryDelayMs * attempt, signal);
    try {
      const response = await fetch(url, { headers: received > 0 ? { range: `bytes=${received}-` } : {}, signal });
      if (response.status === 206) {
        const start = Number(/bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1] ?? Number.NaN);
        if (start !== received) {
          // The server resumed somewhere else: start over.
          hash = createHash('sha256');
          received = 0;
          await response.body?.cancel();
          continue;
        }
      } else if (response.status === 200) {
        // No range support (or a first request): the whole file from the start.
        hash = createHash('sha256');
        received = 0;
      } else if (response.status === 416) {
        // Nothing more to read from where we are: the file is shorter than announced.
        await response.body?.cancel();
        break;
      } else if (response.status === 408 || response.status === 429) {
        // The server was too busy to read the request, or asks to come back later: ask again after the pause.
        await response.body?.cancel();
        lastError = `HTTP ${response.status}`;
        continue;
      } else if (response.status >= 400 && response.status < 500) {
        await response.body?.cancel();
        throw new TransferError(`download failed: HTTP ${response.status}`);
      } else {
        await response.body?.cancel();
        lastError = `HTTP ${response.status}`;
        continue;
      }
      if (!response.body) continue;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        received += chunk.length;
        if (received > size) throw new TransferError(`size mismatch: more than ${size} bytes`);
        hash.update(chunk);
        onProgress?.(received, size);
      }
    } catch (error) {
      if (error instanceof TransferError || signal?.aborted) throw error;
      lastError = (error as Error).message;
    }
  }
  if (received !== size) throw new TransferError(`size mismatch: got ${received} of ${size} bytes${lastError ? ` (${lastError})` : ''}`);
  if (hash.digest('hex') !== sha256.toLowerCase()) throw new TransferError('sha256 mismatch');
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Sends a text log to `url` with PUT (as to a pre-signed upload URL), or POST where PUT is not allowed. */
export async function uploadLog(url: string, text: string, signal?: AbortSignal): Promise<void> {
  const send = (method: 'PUT' | 'POST') =>
    fetch(url, { method, body: text, headers: { 'content-type': 'text/plain; charset=utf-8' }, signal });
  let response = await send('PUT');
  if (response.status === 405) {
    await response.body?.cancel();
    response = await send('POST');
  }
  await response.body?.cancel();
  if (!response.ok) throw new TransferError(`upload failed: HTTP ${response.status}`);
}
