import { workOrderCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function useQuestionTypes() {
  return useQuery({
    queryKey: ['workOrder', 'questionTypes'],
    queryFn: ({ signal }) => request(workOrderCalls.questionTypes, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
