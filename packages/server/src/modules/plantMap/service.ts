import { Errno, type PlantMapBody, type PlantMapConfig, type PlantMapPlantsBody } from '@sunstack/shared';
import type { Session } from '../../core/caller.ts';
import { pageOf } from '../../db/page.ts';
import { AppError } from '../../http/errors.ts';
import { presentCell } from './present.ts';
import { cellsPerWorld, mercatorY, type PlantMapRepo } from './repo.ts';

/**
 * Grid cells one call may span: a 4K screen holds about 60 × 34 cells of 64 px. A box larger
 * than that at its zoom (a world box at street level) would answer one cell per plant.
 */
export const MAX_CELLS_PER_CALL = 4096;

/** The plant map (spec section 2, /bus/plant/gaudeMap): clusters computed in SQL, and the base map's tile server. */
export function createPlantMapService(deps: { map: PlantMapRepo; tiles: { url: string | undefined; attribution: string } }) {
  const { map, tiles } = deps;
  return {
    async clusters(session: Session, { box, zoom }: PlantMapBody) {
      const perWorld = cellsPerWorld(zoom);
      const across = Math.ceil(((box.east - box.west) / 360) * perWorld) + 1;
      const down = Math.ceil((mercatorY(box.south) - mercatorY(box.north)) * perWorld) + 1;
      if (across * down > MAX_CELLS_PER_CALL) {
        throw new AppError(Errno.bodyInvalid, [{ path: 'body.box', message: 'plantMap.boxTooLarge' }]);
      }
      const rows = await map.cells(session, box, zoom);
      const unlocated = await map.unlocated(session);
      return { cells: rows.map(presentCell), total: rows.reduce((sum, row) => sum + row.count, 0), unlocated };
    },

    async plantsIn(session: Session, { box, currentPage, pageSize }: PlantMapPlantsBody) {
      const { total, rows } = await map.plantsIn(session, box, pageOf({ currentPage, pageSize }));
      return { total, currentPage, pageSize, plants: rows };
    },

    config(): PlantMapConfig {
      return { tileUrl: tiles.url ?? null, attribution: tiles.attribution };
    },
  };
}
export type PlantMapService = ReturnType<typeof createPlantMapService>;
