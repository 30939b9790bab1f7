import { dataloggerCalls, type ModuleImportResult } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { dataloggerListKey } from './listDataloggers.ts';

export type ImportResult = ModuleImportResult;

/** Silent: the dialog lists the rows at fault itself. */
export function useImportDataloggers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request(dataloggerCalls.import, form, { loading: true, silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataloggerListKey }),
  });
}
