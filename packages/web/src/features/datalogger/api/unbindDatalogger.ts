import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { dataloggerListKey } from './listDataloggers.ts';

export function useUnbindDatalogger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) => request('POST', '/c/v0/module/unbind', { body: { sn }, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataloggerListKey }),
  });
}
