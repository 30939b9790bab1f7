import type { CallDeclaration, CallInput } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { fetchFile } from './http.ts';

type FileCall = CallDeclaration & { answer: 'file'; method: 'GET' };

/**
 * A stored file (a photo, a cover) answered by a signed GET file call, as an address an <img> can show: the browser
 * cannot fetch a signed call by itself. Nothing for a null id; the address is freed when the id changes or the view goes.
 */
export function useFileUrl<C extends FileCall>(call: C, id: number | null) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (id === null) return;
    let address: string | undefined;
    let gone = false;
    // Every such call takes the file's id (and only it) as its query.
    fetchFile(call, { id } as CallInput<C>)
      .then((blob) => {
        if (gone) return;
        address = URL.createObjectURL(blob);
        setUrl(address);
      })
      .catch(() => {});
    return () => {
      gone = true;
      if (address) URL.revokeObjectURL(address);
      setUrl(undefined);
    };
  }, [call, id]);
  return url;
}
