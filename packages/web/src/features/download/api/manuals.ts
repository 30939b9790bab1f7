import { documentCalls, type Language } from '@sunstack/shared';
import { useEffect, useState } from 'react';
import { fetchFile, request } from '../../../lib/http.ts';
import { useFileUrl } from '../../../lib/useFileUrl.ts';

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

/** A published manual's cover as an address an <img> can show. */
export const useManualFileUrl = (id: number | null) => useFileUrl(documentCalls.manualFile, id);
