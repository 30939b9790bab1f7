import type { ModuleCreateResult } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { dataloggerListKey } from './listDataloggers.ts';

export function useRegisterDatalogger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) => request<ModuleCreateResult>('POST', '/c/v0/module/create', { body: { sn }, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataloggerListKey }),
  });
}
