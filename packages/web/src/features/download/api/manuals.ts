import { documentCalls, type Language } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { fetchFile, request } from '../../../lib/http.ts';

type Manuals = Awaited<ReturnType<typeof loadManuals>>;
const loadManuals = (language: Language | undefined) => request(documentCalls.manuals, { language }, { silent: true });

/** Published manuals in a language (the public page has no query cache: it loads before sign-in). */
export function useManuals(language: Language | undefined) {
  const [state, setState] = useState<{ manuals?: Manuals; failed?: boolean }>({});
  useEffect(() => {
    let gone = false;
    setState({});
    loadManuals(language)
      .then((manuals) => !gone && setState({ manuals }))
      .catch(() => !gone && setState({ failed: true }));
    return () => {
      gone = true;
    };
  }, [language]);
  return state;
}

/** A published manual's file as an address the page can show (the call is signed, so an <img> or a link cannot reach it itself). */
export async function manualFileUrl(id: number) {
  return URL.createObjectURL(await fetchFile(documentCalls.manualFile, { id }));
}

export function useManualFileUrl(id: number | null) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (id === null) return;
    let address: string | undefined;
    let gone = false;
    manualFileUrl(id)
      .then((made) => {
        address = made;
        if (gone) URL.revokeObjectURL(made);
        else setUrl(made);
      })
      .catch(() => {});
    return () => {
      gone = true;
      if (address) URL.revokeObjectURL(address);
    };
  }, [id]);
  return url;
}
