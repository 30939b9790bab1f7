import { dataloggerCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { dataloggerListKey } from './listDataloggers.ts';

export function useRegisterDatalogger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) => request(dataloggerCalls.create, { sn }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataloggerListKey }),
  });
}
