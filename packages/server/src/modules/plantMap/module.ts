import type { ModuleParts, Platform } from '../../core/module.ts';
import { createPlantMapRepo } from './repo.ts';
import { plantMapRoutes } from './routes.ts';
import { createPlantMapService } from './service.ts';

/** The plant map: clusters per status, computed in SQL, and the map's tile configuration. */
export function plantMapModule({ db, config }: Platform) {
  const plantMap = createPlantMapService({ map: createPlantMapRepo(db), tiles: config.mapTiles });
  return { routes: (http) => plantMapRoutes(http, plantMap) } satisfies ModuleParts;
}
