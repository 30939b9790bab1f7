import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_SLICE_BYTES } from '@sunstack/shared';
import { signedHeaders, type TestAccount, type TestApp } from '../../test/harness.ts';

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An image of `size` random bytes that sniff as nothing (a raw .bin). */
export function imageOf(size: number) {
  const bytes = randomBytes(size);
  // Leading zeros never look like a known file type.
  bytes.fill(0, 0, Math.min(16, size));
  return bytes;
}

/** Sends one slice as the web does: a multipart form, the fields before the bytes. */
export async function sendSlice(
  t: TestApp,
  account: TestAccount,
  uploadId: string,
  index: number,
  bytes: Buffer,
  sha256 = sha256Of(bytes),
) {
  const boundary = `----slice${randomBytes(6).toString('hex')}`;
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('uploadId', uploadId) + field('index', String(index)) + field('sha256', sha256)),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="blob"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const path = '/c/v0/firmware/upload/slice';
  const response = await t.app.http.inject({
    method: 'POST',
    url: path,
    headers: { ...signedHeaders(path, account.token, 'en'), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json();
}

export const sliceOf = (bytes: Buffer, index: number) => bytes.subarray(index * UPLOAD_SLICE_BYTES, (index + 1) * UPLOAD_SLICE_BYTES);

/** Uploads a whole image in slices and puts it into the library with these fields; answers the create call's answer. */
export async function uploadFirmware(
  t: TestApp,
  account: TestAccount,
  bytes: Buffer,
  fields: Record<string, unknown>,
  fileName = 'image.bin',
) {
  const post = async (path: string, body: unknown) => (await t.call('POST', path, body, { token: account.token })).body;
  const started = await post('/c/v0/firmware/upload/start', { fileName, size: bytes.length, sha256: sha256Of(bytes) });
  if (started.errno !== 0) return started;
  const { uploadId, slices, received } = started.result as { uploadId: string; slices: number; received: number[] };
  for (let index = 0; index < slices; index += 1) {
    if (received.includes(index)) continue;
    const sent = await sendSlice(t, account, uploadId, index, sliceOf(bytes, index));
    if (sent.errno !== 0) return sent;
  }
  return post('/c/v0/firmware/create', { uploadId, ...fields });
}

/** Fields of a firmware for inverters' master image. */
export const inverterFirmware = (version: string, extra: Record<string, unknown> = {}) => ({
  name: `Master ${version}`,
  version,
  code: 'MASTER01',
  deviceType: 'inverter',
  series: 'H1',
  firmwareType: 'master',
  releaseTime: Date.UTC(2026, 10, 1),
  internal: false,
  limits: [],
  ...extra,
});
