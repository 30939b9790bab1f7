import type { Template, TemplateListBody, TemplateSaveBody, TemplateUpdateBody } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import { changeable, type Scope } from '../../core/scope.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { TemplateRepo, TemplateRow } from './repo.ts';

const present = (row: { template: TemplateRow; createdBy: string; writable: boolean }): Template => ({
  id: row.template.id,
  name: row.template.name,
  strategy: row.template.strategy,
  writable: row.writable,
  createdBy: row.createdBy,
  createdAt: row.template.createdAt.getTime(),
  updatedAt: row.template.updatedAt.getTime(),
});

/**
 * Work model templates (spec /bus/plantMaintain/template; issue 18): named strategies of the
 * caller's organisation, each change with its operation log entry. Another branch's template
 * answers like a missing one; one seen but not the caller's to change (an installer's colleague's) 40300.
 */
export function createTemplateService(deps: { templates: TemplateRepo; audit: AuditService; transaction: Transaction }) {
  const { templates, audit, transaction } = deps;

  async function visible(scope: Scope, id: number) {
    const row = await templates.find(scope, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(session: Session, filters: TemplateListBody) {
      const { total, rows } = await templates.list(session, filters);
      // Without the switch nothing is the caller's to change (spec section 6, template configuration).
      const configures = session.permissions.includes('template.configure');
      const shown = rows.map((row) => present({ ...row, writable: row.writable && configures }));
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, templates: shown };
    },

    /** A template's strategy, for a batch that sends it (another branch's answers like a missing one). */
    async strategyOf(scope: Scope, id: number) {
      const { template } = await visible(scope, id);
      return { name: template.name, strategy: template.strategy };
    },

    async create(session: Session, client: ClientInfo, body: TemplateSaveBody) {
      requirePermission(session, 'template.configure');
      return transaction(async () => {
        const id = await templates.create({ ...body, organisationId: organisationIdOf(session), createdBy: session.accountId });
        await audit.record(session, client, { action: 'template.create', objectType: 'template', objectId: id, after: body });
        return { id };
      });
    },

    async update(session: Session, client: ClientInfo, { id, ...change }: TemplateUpdateBody) {
      requirePermission(session, 'template.configure');
      return transaction(async () => {
        const { template } = changeable(await templates.find(session, id));
        await templates.update(id, change);
        await audit.record(session, client, {
          action: 'template.update',
          objectType: 'template',
          objectId: id,
          before: { name: template.name, strategy: template.strategy },
          after: change,
        });
        return {};
      });
    },

    async delete(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'template.configure');
      return transaction(async () => {
        const { template } = changeable(await templates.find(session, id));
        await templates.delete(id);
        await audit.record(session, client, {
          action: 'template.delete',
          objectType: 'template',
          objectId: id,
          before: { name: template.name, strategy: template.strategy },
        });
        return {};
      });
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;
