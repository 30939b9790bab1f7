import {
  Errno,
  FIRMWARE_MAX_BYTES,
  type Firmware,
  type FirmwareCreateBody,
  type FirmwareListBody,
  type FirmwareUploadStartBody,
  type FirmwareUploadState,
  firmwareUploadIdSchema,
  UPLOAD_SLICE_BYTES,
} from '@sunstack/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import { uniqueViolation } from '../../db/client.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, invalidInput, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService, UploadRule } from '../file/service.ts';
import type { FirmwareReader, FirmwareRepo, FirmwareRow } from './repo.ts';
import type { SliceStore } from './slices.ts';

/** A firmware image: .hex (Intel HEX, text) or .bin (raw binary); bytes that show another type (an archive, a PDF, a program) are refused. */
const FIRMWARE_RULE: UploadRule = {
  maxBytes: FIRMWARE_MAX_BYTES,
  accept(sniffed, fileName) {
    if (sniffed !== undefined) return undefined;
    const name = fileName.toLowerCase();
    if (name.endsWith('.hex')) return 'text/plain';
    if (name.endsWith('.bin')) return 'application/octet-stream';
    return undefined;
  },
  messages: { tooLarge: 'firmware.tooLarge', wrongType: 'firmware.onlyHexBin' },
};

/** The form fields that come before a slice's bytes. */
const sliceFields = z.object({
  uploadId: firmwareUploadIdSchema,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(Math.ceil(FIRMWARE_MAX_BYTES / UPLOAD_SLICE_BYTES)),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const refused = (path: string, message: string) => new AppError(Errno.bodyInvalid, [{ path, message }]);

export const presentFirmware = (row: { firmware: FirmwareRow; uploadedBy: string; blacklisted: boolean; inUse: boolean }): Firmware => {
  const { firmware } = row;
  return {
    id: firmware.id,
    name: firmware.name,
    fileName: firmware.fileName,
    version: firmware.version,
    code: firmware.code,
    deviceType: firmware.deviceType,
    series: firmware.series,
    firmwareType: firmware.firmwareType,
    fileType: firmware.fileName.toLowerCase().endsWith('.hex') ? 'hex' : 'bin',
    size: firmware.size,
    sha256: firmware.sha256,
    releaseTime: firmware.releaseTime.getTime(),
    uploadedAt: firmware.createdAt.getTime(),
    internal: firmware.internal,
    published: firmware.publishedAt !== null,
    publishedAt: firmware.publishedAt?.getTime() ?? null,
    limits: firmware.limits,
    blacklisted: row.blacklisted,
    inUse: row.inUse,
    uploadedBy: row.uploadedBy,
  };
};

/**
 * The firmware library (issue 20): an image arrives in resumable slices, is stored once by content (the same bytes
 * twice are refused as a duplicate), described, published and deleted, each behind its switch and with its
 * operation log entry. Who reads it: importers every firmware, others the published ones (internal ones with
 * "allow internal firmware").
 */
export function createFirmwareService(deps: {
  firmware: FirmwareRepo;
  slices: SliceStore;
  files: FileService;
  audit: AuditService;
  transaction: Transaction;
  now: () => number;
}) {
  const { firmware, slices, files, audit, transaction, now } = deps;

  async function refuseDuplicate(sha256: string) {
    if (await firmware.bySha256(sha256)) throw new AppError(Errno.firmwareDuplicate);
  }

  /** The caller's upload (another account's id answers like an unknown one). */
  async function uploadOf(session: Session, uploadId: string) {
    const file = uploadId.startsWith(`${session.accountId}-`) ? await slices.file(uploadId) : undefined;
    if (!file) throw refused('uploadId', 'firmware.uploadUnknown');
    return file;
  }

  async function state(uploadId: string, size: number): Promise<FirmwareUploadState> {
    return { uploadId, sliceBytes: UPLOAD_SLICE_BYTES, slices: slices.slicesOf(size), received: await slices.received(uploadId) };
  }

  async function visible(reader: FirmwareReader, id: number) {
    const row = await firmware.find(reader, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async uploadStart(session: Session, body: FirmwareUploadStartBody) {
      requirePermission(session, 'firmware.import');
      await refuseDuplicate(body.sha256);
      const uploadId = `${session.accountId}-${body.sha256}`;
      const begun = await slices.file(uploadId);
      // The same bytes under the same id: a resumed upload keeps its slices (only the name may differ).
      if (begun && begun.size !== body.size) await slices.remove(uploadId);
      await slices.begin(uploadId, body);
      return state(uploadId, body.size);
    },

    /** One slice of a multipart form: the fields first (uploadId, index, sha256), then the bytes. */
    async uploadSlice(session: Session, request: FastifyRequest) {
      requirePermission(session, 'firmware.import');
      const part = await request.file({ limits: { fileSize: UPLOAD_SLICE_BYTES + 1 }, throwFileSizeLimit: false });
      if (!part) throw refused('file', 'firmware.sliceSize');
      const fields = sliceFields.safeParse(
        Object.fromEntries(
          Object.entries(part.fields).flatMap(([name, field]) =>
            field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
          ),
        ),
      );
      if (!fields.success) throw invalidInput('body', fields.error.issues);
      const { uploadId, index, sha256 } = fields.data;
      const file = await uploadOf(session, uploadId);
      const bytes = await part.toBuffer();
      if (index >= slices.slicesOf(file.size)) throw refused('index', 'firmware.sliceSize');
      if (part.file.truncated || bytes.length !== slices.sliceSize(file.size, index)) throw refused('file', 'firmware.sliceSize');
      if (!(await slices.put(uploadId, index, bytes, sha256))) throw refused('file', 'firmware.sliceHash');
      return state(uploadId, file.size);
    },

    /** Puts a complete upload into the library: its bytes into the file store, checked against the hash the browser computed. */
    async create(session: Session, client: ClientInfo, body: FirmwareCreateBody) {
      requirePermission(session, 'firmware.import');
      const file = await uploadOf(session, body.uploadId);
      const count = slices.slicesOf(file.size);
      if ((await slices.received(body.uploadId)).length !== count) throw new AppError(Errno.firmwareUploadIncomplete);
      await refuseDuplicate(file.sha256);
      const organisationId = organisationIdOf(session);
      const stored = await files.keep(slices.read(body.uploadId, count), file.fileName, FIRMWARE_RULE, {
        purpose: 'firmware',
        organisationId,
        createdBy: session.accountId,
      });
      if (stored.sha256 !== file.sha256 || stored.size !== file.size) {
        await files.remove(stored.id);
        await slices.remove(body.uploadId);
        throw new AppError(Errno.firmwareHashMismatch);
      }
      const { uploadId, releaseTime, ...fields } = body;
      try {
        const id = await transaction(async () => {
          const created = await firmware.insert({
            ...fields,
            releaseTime: new Date(releaseTime),
            storedFileId: stored.id,
            sha256: stored.sha256,
            size: stored.size,
            fileName: file.fileName,
            organisationId,
            createdBy: session.accountId,
          });
          await audit.record(session, client, {
            action: 'firmware.import',
            objectType: 'firmware',
            objectId: created,
            after: { ...fields, releaseTime, fileName: file.fileName, sha256: stored.sha256, size: stored.size },
          });
          return created;
        });
        await slices.remove(uploadId);
        return { id };
      } catch (error) {
        await files.remove(stored.id);
        if (uniqueViolation(error)) throw new AppError(Errno.firmwareDuplicate);
        throw error;
      }
    },

    async list(session: Session, filters: FirmwareListBody) {
      requirePermission(session, 'firmware.view');
      const { total, rows } = await firmware.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, firmware: rows.map(presentFirmware) };
    },

    async detail(session: Session, id: number) {
      requirePermission(session, 'firmware.view');
      return presentFirmware(await visible(session, id));
    },

    async publish(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'firmware.publish');
      return transaction(async () => {
        const row = await visible(session, id);
        if (row.firmware.publishedAt) return {};
        await firmware.publish(id, new Date(now()));
        await audit.record(session, client, {
          action: 'firmware.publish',
          objectType: 'firmware',
          objectId: id,
          after: { published: true },
        });
        return {};
      });
    },

    /** A firmware no running task uses (finished tasks keep its name and version), its bytes when no other record holds them. */
    async delete(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'firmware.delete');
      return transaction(async () => {
        const row = await visible(session, id);
        if (row.inUse) throw new AppError(Errno.firmwareInUse);
        const storedFileId = await firmware.delete(id);
        if (storedFileId !== undefined) await files.remove(storedFileId);
        await audit.record(session, client, {
          action: 'firmware.delete',
          objectType: 'firmware',
          objectId: id,
          before: { name: row.firmware.name, version: row.firmware.version, sha256: row.firmware.sha256 },
        });
        return {};
      });
    },

    /** A published firmware the caller may send (internal ones with their switch), for an upgrade task. */
    async sendable(session: Session, id: number) {
      const row = await visible(session, id);
      if (!row.firmware.publishedAt) throw new AppError(Errno.firmwareNotPublished);
      if (row.firmware.internal && !session.permissions.includes('upgrade.internalFirmware')) throw notFound();
      if (row.blacklisted) throw new AppError(Errno.firmwareBlacklisted);
      return row.firmware;
    },
  };
}
export type FirmwareService = ReturnType<typeof createFirmwareService>;
