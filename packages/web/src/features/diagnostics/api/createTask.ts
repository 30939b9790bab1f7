import { diagnosticsCalls, type IvTaskCreateBody } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { ivTaskListKey } from './listTasks.ts';

export function useCreateIvTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IvTaskCreateBody) => request(diagnosticsCalls.createTask, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ivTaskListKey }),
  });
}
