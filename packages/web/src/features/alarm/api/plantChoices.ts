import { plantCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface PlantChoice {
  id: number;
  name: string;
}

/**
 * Plants in scope to filter alarms by (POST /c/v0/plant/list, 20 by name), and the plant the screen
 * was opened for (GET /c/v0/plant/detail) so it has its name even when it is not among them.
 * Only for accounts that reach the plant list (not integrators).
 */
export function usePlantChoices(search: string, selectedId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['alarm', 'plantChoices', search, selectedId],
    queryFn: async ({ signal }): Promise<PlantChoice[]> => {
      const page = await request(plantCalls.list, { name: search.trim() || undefined, pageSize: 20 }, { signal });
      const choices = page.plants.map(({ id, name }) => ({ id, name }));
      if (selectedId && !choices.some((plant) => plant.id === selectedId)) {
        const selected = await request(plantCalls.detail, { id: selectedId }, { signal, silent: true }).catch(() => undefined);
        if (selected) choices.unshift({ id: selected.id, name: selected.name });
      }
      return choices;
    },
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
