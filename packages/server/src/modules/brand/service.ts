import { BRAND_LOGO_MAX_BYTES, type BrandEntry, type BrandSaveBody, type BrandUpdateBody } from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { acceptImages, type FileService, type UploadRule } from '../file/service.ts';
import { BRAND_PURPOSE, type BrandRepo, type BrandRow } from './repo.ts';

const LOGO_RULE: UploadRule = {
  maxBytes: BRAND_LOGO_MAX_BYTES,
  accept: acceptImages,
  messages: { tooLarge: 'brand.logoTooLarge', wrongType: 'brand.onlyImages' },
};

const present = (row: BrandRow): BrandEntry => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  downloadLink: row.downloadLink,
  androidLink: row.androidLink,
  iosLink: row.iosLink,
  logoId: row.logoFileId,
  updatedAt: row.updatedAt.getTime(),
});

/** The fields the operation log keeps of a brand. */
const logged = ({ name, domain, downloadLink, androidLink, iosLink, logoId }: BrandSaveBody) => ({
  name,
  domain,
  downloadLink,
  androidLink,
  iosLink,
  logoId,
});

/**
 * Brands (switch brand.manage): the look of the console on a domain (its Host) and the app's store links. A logo is
 * uploaded first and then named by a brand, as document covers are; a replaced or deleted brand's logo is freed.
 */
export function createBrandService(deps: { repo: BrandRepo; files: FileService; audit: AuditService; transaction: Transaction }) {
  const { repo, files, audit, transaction } = deps;

  async function logoOf(logoId: number | null) {
    if (logoId !== null && !(await repo.logoUnheld(logoId))) throw notFound();
    return logoId;
  }
  async function locked(id: number) {
    const row = await repo.lock(id);
    if (!row) throw notFound();
    return row;
  }
  const columns = ({ logoId: _, ...fields }: BrandSaveBody) => fields;

  return {
    async list(session: Session) {
      requirePermission(session, 'brand.manage');
      return { brands: (await repo.list()).map(present) };
    },

    async uploadLogo(session: Session, request: FastifyRequest) {
      requirePermission(session, 'brand.manage');
      const row = await files.upload(request, LOGO_RULE, {
        purpose: BRAND_PURPOSE,
        organisationId: organisationIdOf(session),
        createdBy: session.accountId,
      });
      return { id: row.id, name: row.name, size: row.size, contentType: row.contentType };
    },

    async create(session: Session, client: ClientInfo, body: BrandSaveBody) {
      requirePermission(session, 'brand.manage');
      return transaction(async () => {
        const id = await repo.insert({ ...columns(body), logoFileId: await logoOf(body.logoId), createdBy: session.accountId });
        await audit.record(session, client, { action: 'brand.create', objectType: 'brand', objectId: id, after: logged(body) });
        return { id };
      });
    },

    async update(session: Session, client: ClientInfo, { id, ...body }: BrandUpdateBody) {
      requirePermission(session, 'brand.manage');
      const replaced = await transaction(async () => {
        const before = await locked(id);
        const logo = body.logoId === before.logoFileId ? body.logoId : await logoOf(body.logoId);
        await repo.update(id, { ...columns(body), logoFileId: logo });
        await audit.record(session, client, {
          action: 'brand.update',
          objectType: 'brand',
          objectId: id,
          before: logged(present(before)),
          after: logged(body),
        });
        return before.logoFileId !== logo ? before.logoFileId : null;
      });
      // The bytes go once the change is committed (a logo is one brand's).
      if (replaced !== null) await files.remove(replaced);
    },

    async delete(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'brand.manage');
      const freed = await transaction(async () => {
        const before = await locked(id);
        await repo.delete(id);
        await audit.record(session, client, { action: 'brand.delete', objectType: 'brand', objectId: id, before: logged(present(before)) });
        return before.logoFileId;
      });
      if (freed !== null) await files.remove(freed);
    },

    /** The brand of the domain a request was sent to (the Host header without its port), or null for the default look. */
    async current(hostname: string) {
      const row = await repo.byDomain(hostname.toLowerCase());
      if (!row) return { brand: null };
      const { domain: _, updatedAt: __, ...shown } = present(row);
      return { brand: shown };
    },

    /** A brand's logo, shown in the browser; any other file answers like a missing one. */
    async sendLogo(fileId: number, request: FastifyRequest, reply: FastifyReply) {
      const file = (await repo.isLogo(fileId)) ? await files.byId(fileId) : undefined;
      if (!file || !(await files.send(request, reply, file, true))) throw notFound();
      return reply;
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
