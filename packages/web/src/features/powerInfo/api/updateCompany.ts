import { type CompanyUpdateBody, powerInfoCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { companyInfoKey } from './companyInfo.ts';

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdateBody) => request(powerInfoCalls.updateCompany, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyInfoKey }),
  });
}
