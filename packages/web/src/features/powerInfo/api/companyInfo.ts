import { powerInfoCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export const companyInfoKey = [...powerInfoKey, 'company'] as const;

export function useCompanyInfo() {
  return useQuery({
    queryKey: companyInfoKey,
    queryFn: ({ signal }) => request(powerInfoCalls.company, undefined, { signal }),
  });
}
