import { type BrandSaveBody, brandCalls } from '@sunstack/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { formOf } from '../../../lib/upload.ts';

const brandKey = ['brand'] as const;
// A brand's logo is a stored file: the file list shows where it is used.
const fileKey = ['file'] as const;

export function useBrands() {
  return useQuery({ queryKey: brandKey, queryFn: ({ signal }) => request(brandCalls.list, undefined, { signal }) });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fields }: { id?: number; fields: BrandSaveBody }) => {
      if (id === undefined) await request(brandCalls.create, fields, { loading: true });
      else await request(brandCalls.update, { ...fields, id }, { loading: true });
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: brandKey }), queryClient.invalidateQueries({ queryKey: fileKey })]),
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(brandCalls.delete, { id }, { loading: true }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: brandKey }), queryClient.invalidateQueries({ queryKey: fileKey })]),
  });
}

/** Uploads a logo (jpg or png by its bytes); silent, the form shows the field's reason itself. */
export const uploadLogo = (file: File) => request(brandCalls.logoUpload, formOf(file), { silent: true });
