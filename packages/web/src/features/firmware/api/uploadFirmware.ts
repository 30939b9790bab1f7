import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type FirmwareCreateBody, firmwareCalls, UPLOAD_SLICE_BYTES } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { firmwareListKey } from './listFirmware.ts';

/** What an upload is doing, for its progress bar. */
export type UploadStage = { stage: 'hashing' | 'sending'; done: number; total: number };

/**
 * The file's SHA-256 and each 2 MB slice's, read slice by slice (spec section 5): a large image is never in memory
 * whole, and the browser stays responsive between slices.
 */
export async function hashSlices(file: Blob, onProgress: (done: number, total: number) => void) {
  const whole = sha256.create();
  const slices: string[] = [];
  const total = Math.max(1, Math.ceil(file.size / UPLOAD_SLICE_BYTES));
  for (let index = 0; index < total; index += 1) {
    const bytes = new Uint8Array(await file.slice(index * UPLOAD_SLICE_BYTES, (index + 1) * UPLOAD_SLICE_BYTES).arrayBuffer());
    whole.update(bytes);
    slices.push(bytesToHex(sha256(bytes)));
    onProgress(index + 1, total);
  }
  return { sha256: bytesToHex(whole.digest()), slices };
}

/**
 * Uploads an image in resumable slices: hashed first, then the server says which slices it already holds (a cut
 * upload of the same file resumes), and only the missing ones are sent. Answers the upload's id for `create`.
 * Silent: the dialog shows the messages itself (spec section 8).
 */
export async function sendFirmwareFile(file: File, onProgress: (stage: UploadStage) => void, signal?: AbortSignal) {
  const hashed = await hashSlices(file, (done, total) => onProgress({ stage: 'hashing', done, total }));
  const started = await request(
    firmwareCalls.uploadStart,
    { fileName: file.name, size: file.size, sha256: hashed.sha256 },
    { silent: true, signal },
  );
  let received = started.received.length;
  onProgress({ stage: 'sending', done: received, total: started.slices });
  for (let index = 0; index < started.slices; index += 1) {
    if (started.received.includes(index)) continue;
    const form = new FormData();
    form.append('uploadId', started.uploadId);
    form.append('index', String(index));
    form.append('sha256', hashed.slices[index] as string);
    form.append('file', file.slice(index * started.sliceBytes, (index + 1) * started.sliceBytes), file.name);
    await request(firmwareCalls.uploadSlice, form, { silent: true, signal });
    received += 1;
    onProgress({ stage: 'sending', done: received, total: started.slices });
  }
  return started.uploadId;
}

/** Puts a complete upload into the library with its fields. */
export function useCreateFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FirmwareCreateBody) => request(firmwareCalls.create, body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareListKey }),
  });
}
