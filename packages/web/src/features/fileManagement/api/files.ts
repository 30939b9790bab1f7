import { type FileListBody, fileManagementCalls } from '@sunstack/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile, request } from '../../../lib/http.ts';

const fileKey = ['file'] as const;

export function useStoredFiles(filters: Partial<FileListBody>) {
  return useQuery({
    queryKey: [...fileKey, 'list', filters],
    queryFn: ({ signal }) => request(fileManagementCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(fileManagementCalls.delete, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKey }),
  });
}

/** Saves a stored file under its name. */
export async function saveFile(id: number, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await fetchFile(fileManagementCalls.download, { id }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
