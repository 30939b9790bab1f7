import { branchCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/**
 * Branches below the caller that an invitation may join, by name: agents (POST /c/v0/agent/list),
 * and for administrators distributors too (POST /c/v0/distributor/list); 20 of each at most.
 */
export function useBranchOptions(search: string, kinds: ('agent' | 'distributor')[]) {
  return useQuery({
    queryKey: ['invitation', 'branches', search, kinds],
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        kinds.map((kind) => request(branchCalls[kind].list, { name: search || undefined, pageSize: 20 }, { signal })),
      );
      return pages.flatMap((page) => page.branches);
    },
    enabled: kinds.length > 0,
  });
}
