import { type PlantExportBody, plantCalls } from '@sunstack/shared';
import { download } from '../../../lib/http.ts';

/** The plant list with its filters (no paging) as an xlsx or CSV file, made by the server in the caller's scope. */
export const exportPlants = (body: PlantExportBody) => download(plantCalls.export, body, `plants.${body.format}`);
