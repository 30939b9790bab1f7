import { workOrderCalls } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { fetchFile, request } from '../../../lib/http.ts';

/** Uploads one photo; silent, the form shows the field's message itself. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request(workOrderCalls.photoUpload, form, { silent: true });
}

/** A photo of an order as an address an <img> can show (the call is signed, so the browser cannot fetch it by itself). */
export function usePhotoUrl(id: number) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let address: string | undefined;
    let gone = false;
    fetchFile(workOrderCalls.photo, { id })
      .then((blob) => {
        if (gone) return;
        address = URL.createObjectURL(blob);
        setUrl(address);
      })
      .catch(() => {});
    return () => {
      gone = true;
      if (address) URL.revokeObjectURL(address);
    };
  }, [id]);
  return url;
}
