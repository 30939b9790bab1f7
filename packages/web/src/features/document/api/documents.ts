import { type DocumentListBody, type DocumentSaveBody, documentCalls, fileManagementCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile, request } from '../../../lib/http.ts';
import { formOf } from '../../../lib/upload.ts';
import { useFileUrl } from '../../../lib/useFileUrl.ts';

const documentKey = ['document'] as const;

export function useDocuments(filters: Partial<DocumentListBody>) {
  return useQuery({
    queryKey: [...documentKey, 'list', filters],
    queryFn: ({ signal }) => request(documentCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the form saves: the fields, and the PDFs uploaded meanwhile to add (all or none). */
export interface DocumentSave {
  id?: number;
  fields: DocumentSaveBody;
  fileIds: number[];
}

/** Creates or changes a document, then adds the PDFs uploaded in the form. */
export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields, fileIds }: DocumentSave) => {
      const saved = id === undefined ? (await request(documentCalls.create, fields, { loading: true })).id : id;
      if (id !== undefined) await request(documentCalls.update, { ...fields, id }, { loading: true });
      if (fileIds.length > 0) await request(documentCalls.fileAdd, { id: saved, fileIds }, { loading: true });
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKey }),
  });
}

export function usePublishDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; published: boolean }) => request(documentCalls.publish, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKey }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(documentCalls.delete, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKey }),
  });
}

export function useRemoveDocumentFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; fileId: number }) => request(documentCalls.fileRemove, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKey }),
  });
}

/** Uploads a PDF (no time limit: the call is untimed); silent, the form shows the field's reason itself. */
export const uploadPdf = (file: File) => request(documentCalls.fileUpload, formOf(file), { silent: true });
/** Uploads a cover image (jpg or png by its bytes); silent like uploadPdf. */
export const uploadCover = (file: File) => request(documentCalls.coverUpload, formOf(file), { silent: true });

/** Opens a PDF of the document in a new tab. */
export async function openStoredFile(id: number) {
  const address = URL.createObjectURL(await fetchFile(fileManagementCalls.download, { id }));
  window.open(address, '_blank', 'noopener');
}

/** A stored file (a cover, published or not) as an address an <img> can show. */
export const useStoredFileUrl = (id: number | null) => useFileUrl(fileManagementCalls.download, id);
