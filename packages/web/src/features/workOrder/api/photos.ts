import { workOrderCalls } from '@sunstack/shared';
import { request } from '../../../lib/http.ts';
import { useFileUrl } from '../../../lib/useFileUrl.ts';

/** Uploads one photo; silent, the form shows the field's message itself. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request(workOrderCalls.photoUpload, form, { silent: true });
}

/** A photo of an order as an address an <img> can show. */
export const usePhotoUrl = (id: number) => useFileUrl(workOrderCalls.photo, id);
