import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createTemplateRepo } from './repo.ts';
import { templateRoutes } from './routes.ts';
import { createTemplateService } from './service.ts';

/** Work model templates; the command module sends them (group remote). */
export function templateModule({ db, transaction }: Platform, deps: { audit: AuditService }) {
  const templates = createTemplateService({ templates: createTemplateRepo(db), audit: deps.audit, transaction });
  return { templates, routes: (http) => templateRoutes(http, templates) } satisfies ModuleParts & Record<string, unknown>;
}
