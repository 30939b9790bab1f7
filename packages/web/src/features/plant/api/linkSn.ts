import { type PlantLinkSnBody, plantCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Adds registered dataloggers to a plant (spec /bus/plant/linkSn). */
export function useLinkSn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantLinkSnBody) => request(plantCalls.linkSn, body, { loading: true }),
    // The plant's detail and the list's datalogger count change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['plant'] }),
  });
}
