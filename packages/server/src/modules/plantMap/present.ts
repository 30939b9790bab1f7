import { PLANT_STATUSES, type PlantMapCell, type PlantStatus } from '@sunstack/shared';

export interface CellRow extends Record<PlantStatus, number> {
  count: number;
  latitude: number;
  longitude: number;
  south: number;
  north: number;
  west: number;
  east: number;
  id: number;
  name: string;
  status: PlantStatus;
}

export function presentCell(row: CellRow): PlantMapCell {
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    count: row.count,
    statuses: Object.fromEntries(PLANT_STATUSES.map((name) => [name, row[name]])) as Record<PlantStatus, number>,
    bounds: { south: row.south, west: row.west, north: row.north, east: row.east },
    plant: row.count === 1 ? { id: row.id, name: row.name, status: row.status } : null,
  };
}
