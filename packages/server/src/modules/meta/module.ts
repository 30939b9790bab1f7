import type { ModuleParts } from '../../core/module.ts';
import { metaRoutes } from './routes.ts';

/** Errno messages and countries: what every screen needs before anything else. */
export function metaModule() {
  return { routes: metaRoutes } satisfies ModuleParts;
}
