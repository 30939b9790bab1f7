import { observesSummerTime, type PlantDetail, type PlantSummary } from '@sunstack/shared';
import type { PlantRow } from './repo.ts';

interface SummaryRow {
  plant: PlantRow;
  status: PlantSummary['status'];
  installer: string | null;
  owner: string | null;
  dataloggers: number;
  writable: boolean;
}

export function presentSummary(row: SummaryRow): PlantSummary {
  const { plant } = row;
  return {
    id: plant.id,
    name: plant.name,
    type: plant.type,
    country: plant.country,
    city: plant.city,
    timeZone: plant.timeZone,
    systemSizeKw: plant.systemSizeKw,
    status: row.status,
    installer: row.installer ?? '',
    owner: row.owner ?? '',
    dataloggers: row.dataloggers,
    createdAt: plant.createdAt.getTime(),
    writable: row.writable,
  };
}

export function presentDetail(row: SummaryRow, dataloggerSns: string[]): PlantDetail {
  const { plant } = row;
  return {
    ...presentSummary(row),
    address: plant.address,
    postcode: plant.postcode,
    latitude: plant.latitude,
    longitude: plant.longitude,
    summerTime: observesSummerTime(plant.timeZone),
    pvSizeKwp: plant.pvSizeKwp,
    panelTilt: plant.panelTilt,
    panelAzimuth: plant.panelAzimuth,
    feedInTariff: plant.feedInTariff,
    importPrice: plant.importPrice,
    pricePeriods: plant.pricePeriods,
    currency: plant.currency,
    commissionedOn: plant.commissionedOn,
    gridConnectedOn: plant.gridConnectedOn,
    installerContact: plant.installerContact,
    userContact: plant.userContact,
    dataloggerSns,
  };
}
