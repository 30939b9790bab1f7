import { loadConfig } from '../config.ts';
import { embeddedTemplate } from '../db/embeddedTemplate.ts';

/**
 * Makes the embedded database's template (`db/embeddedTemplate.ts`) ahead of a start, if it is not made yet:
 * `npm start` runs this while the web app builds (scripts/prepareStart.mjs). Nothing to do with DATABASE_URL set.
 */
if (!loadConfig().databaseUrl) await embeddedTemplate();
