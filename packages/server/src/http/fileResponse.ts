import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { FileStore } from '../core/fileStore.ts';

export interface FileAnswer {
  sha256: string;
  contentType: string;
  /** The name the browser saves it under; `inline` shows it in the page (a PDF, an image) instead. */
  fileName: string;
  inline?: boolean;
}

/**
 * Streams a stored file, honouring one `Range` (206, so a cut download resumes where it stopped; 416 past the
 * end). Never reads the whole file into memory. Answers false when the bytes are missing, so the caller answers
 * as for a missing record.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, store: FileStore, file: FileAnswer): Promise<boolean> {
  const size = await store.size(file.sha256);
  if (size === undefined) return false;
  // RFC 6266: an ASCII fallback and the UTF-8 name.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('etag', `"${file.sha256}"`);
  const header = request.headers.range;
  const ranges = header ? parseRange(size, header, { combine: true }) : undefined;
  if (ranges === -1) {
    await reply.code(416).header('content-range', `bytes */${size}`).send();
    return true;
  }
  // A malformed header (-2) or several ranges: the whole file, as RFC 9110 allows.
  if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') {
    const { start, end } = ranges[0] as { start: number; end: number };
    await reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(store.read(file.sha256, { start, end }));
    return true;
  }
  await reply.header('content-length', size).send(store.read(file.sha256));
  return true;
}
