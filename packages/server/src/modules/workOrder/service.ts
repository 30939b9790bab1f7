import {
  Access,
  Errno,
  PRODUCT_TYPES,
  QUESTION_CATEGORIES,
  WORK_ORDER_PHOTO_MAX_BYTES,
  type WorkOrderAssignBody,
  type WorkOrderCreateBody,
  type WorkOrderDetail,
  type WorkOrderFilters,
  type WorkOrderListBody,
  type WorkOrderReplyBody,
  type WorkOrderStatus,
  type WorkOrderStatusBody,
  type WorkOrderSummary,
} from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf } from '../../core/permissions.ts';
import type { Scope } from '../../core/scope.ts';
import { type Page, pageOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { EXPORT_MAX_ROWS, workbook } from '../../http/xlsx.ts';
import type { AuditService } from '../audit/service.ts';
import { acceptImages, type FileService, type UploadRule } from '../file/service.ts';
import type { MailService } from '../mail/service.ts';
import { languageOf, mailText } from '../mail/templates.ts';
import { PHOTO_PURPOSE, type WorkOrderRepo } from './repo.ts';

/** Photos: jpg, png or jpeg only (spec section 5), by what the bytes are. */
export const PHOTO_RULE: UploadRule = {
  maxBytes: WORK_ORDER_PHOTO_MAX_BYTES,
  accept: acceptImages,
  messages: { tooLarge: 'workOrder.photoTooLarge', wrongType: 'workOrder.onlyImages' },
};

/**
 * Who may move an order where (spec section 4 names the statuses, not the moves): those who handle it take it
 * on, escalate it to the manufacturer (upgraded) and solve it; once upgraded only the manufacturer moves it on;
 * the creator and the handlers close it, and reopen a solved one that is not.
 */
type Mover = 'handler' | 'creatorOrHandler' | 'admin';
const MOVES: Record<WorkOrderStatus, Partial<Record<WorkOrderStatus, Mover>>> = {
  turnedOn: { processing: 'handler', closed: 'creatorOrHandler' },
  processing: { upgraded: 'handler', solved: 'handler', closed: 'creatorOrHandler' },
  upgraded: { processing: 'admin', solved: 'admin', closed: 'admin' },
  solved: { processing: 'creatorOrHandler', closed: 'creatorOrHandler' },
  closed: {},
};

type Found = NonNullable<Awaited<ReturnType<WorkOrderRepo['find']>>>;

function nextStatuses(scope: Scope, found: Found): WorkOrderStatus[] {
  const isCreator = found.order.createdBy === scope.accountId;
  const may: Record<Mover, boolean> = {
    handler: found.handles,
    creatorOrHandler: found.handles || isCreator,
    admin: scope.access === Access.admin,
  };
  return Object.entries(MOVES[found.order.status] ?? {})
    .filter(([, mover]) => may[mover as Mover])
    .map(([status]) => status as WorkOrderStatus);
}

const summaryOf = (row: Found): WorkOrderSummary => ({
  id: row.order.id,
  title: row.order.title,
  status: row.order.status,
  questionCategory: row.order.questionCategory,
  productType: row.order.productType,
  plantId: row.order.plantId,
  plantName: row.plantName,
  timeZone: row.timeZone,
  deviceSn: row.order.deviceSn,
  createdBy: row.createdBy,
  assignee: row.assignee,
  createdAt: row.order.createdAt.getTime(),
  updatedAt: row.order.updatedAt.getTime(),
});

/** A time in an export: the plant's wall clock, to the minute (the zone is a column beside it). */
const localText = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(date);

/**
 * Work orders (issue 23): filed by any signed-in role about a plant or device it sees, handled by the
 * plant's installers, its branch and the manufacturer; every reply and status change is an entry of the
 * conversation, recorded with its operation log entry, and mailed to the creator in its language.
 */
export function createWorkOrderService(deps: {
  repo: WorkOrderRepo;
  files: FileService;
  audit: AuditService;
  mail: MailService;
  transaction: Transaction;
  publicUrl: string;
}) {
  const { repo, files, audit, mail, transaction, publicUrl } = deps;

  async function visible(scope: Scope, id: number) {
    const found = await repo.find(scope, id);
    if (!found) throw notFound();
    return found;
  }

  async function photosOf(session: Session, photoIds: number[]) {
    const unique = [...new Set(photoIds)];
    const attachable = await repo.attachablePhotos(session.accountId, unique);
    if (attachable.length !== unique.length) throw new AppError(Errno.workOrderPhotoUnknown);
    return unique;
  }

  /** Tells the creator (when someone else acted) what happened, in its language; written with the change. */
  async function mailCreator(
    found: Found,
    session: Session,
    what: { template: 'workOrderReply' | 'workOrderStatus'; text: string; status?: WorkOrderStatus },
  ) {
    const creator = await repo.creatorOf(found.order.id);
    if (!creator || creator.accountId === session.accountId || !creator.email) return;
    const language = languageOf(creator.language);
    const author = (await repo.accountName(session.accountId)) ?? '';
    await mail.send(creator.email, what.template, language, {
      id: found.order.id,
      title: found.order.title,
      author,
      text: what.text,
      status: what.status ? mailText(`workOrder.status.${what.status}`, language) : '',
      link: `${publicUrl.replace(/\/$/, '')}/bus/workOrder/detail?id=${found.order.id}`,
    });
  }

  async function rows(session: Session, filters: WorkOrderFilters, page: Page) {
    return repo.list(session, filters, page);
  }

  return {
    questionTypes: () => ({ categories: [...QUESTION_CATEGORIES], productTypes: [...PRODUCT_TYPES] }),

    uploadPhoto: async (session: Session, request: FastifyRequest) => {
      const row = await files.upload(request, PHOTO_RULE, {
        purpose: PHOTO_PURPOSE,
        organisationId: organisationIdOf(session),
        createdBy: session.accountId,
      });
      return { id: row.id, name: row.name, size: row.size, contentType: row.contentType };
    },

    async sendPhoto(session: Session, fileId: number, request: FastifyRequest, reply: FastifyReply) {
      const inScope = await repo.photoInScope(session, fileId);
      const file = inScope ? await files.byId(inScope) : undefined;
      if (!file || !(await files.send(request, reply, file, true))) throw notFound();
      return reply;
    },

    async create(session: Session, client: ClientInfo, body: WorkOrderCreateBody, platform: string) {
      const { plantId: askedPlant, deviceSn, photoIds, ...fields } = body;
      let plantId: number | undefined;
      if (deviceSn) {
        const found = await repo.deviceInScope(session, deviceSn);
        if (!found || (askedPlant !== undefined && found.plantId !== askedPlant)) throw notFound();
        plantId = found.plantId ?? undefined;
      } else if (askedPlant !== undefined) {
        plantId = await repo.plantInScope(session, askedPlant);
      } else {
        throw new AppError(Errno.workOrderSubjectRequired);
      }
      if (plantId === undefined) throw notFound();
      return transaction(async () => {
        const photos = await photosOf(session, photoIds);
        const id = await repo.insert({ ...fields, plantId, deviceSn: deviceSn ?? null, platform, createdBy: session.accountId });
        await repo.addEntry({ workOrderId: id, authorId: session.accountId, kind: 'created', body: fields.description }, photos);
        await audit.record(session, client, {
          action: 'workOrder.create',
          objectType: 'workOrder',
          objectId: id,
          after: { ...fields, plantId, deviceSn, photos: photos.length },
        });
        return { id };
      });
    },

    async list(session: Session, body: WorkOrderListBody) {
      const { currentPage, pageSize, ...filters } = body;
      const { total, rows: found } = await rows(session, filters, pageOf(body));
      return { total, currentPage, pageSize, workOrders: found.map(summaryOf) };
    },

    async export(session: Session, filters: WorkOrderFilters) {
      const { rows: found } = await rows(session, filters, { limit: EXPORT_MAX_ROWS, offset: 0 });
      return workbook(
        'Work orders',
        [
          { header: 'ID', key: 'id', width: 8 },
          { header: 'Submitted', key: 'createdAt', width: 18 },
          { header: 'Updated', key: 'updatedAt', width: 18 },
          { header: 'Time zone', key: 'timeZone', width: 18 },
          { header: 'Status', key: 'status', width: 12 },
          { header: 'Question category', key: 'questionCategory', width: 16 },
          { header: 'Product type', key: 'productType', width: 14 },
          { header: 'Plant', key: 'plant', width: 24 },
          { header: 'Device', key: 'deviceSn', width: 18 },
          { header: 'Title', key: 'title', width: 32 },
          { header: 'Account', key: 'createdBy', width: 16 },
          { header: 'Name', key: 'contactName', width: 18 },
          { header: 'Phone', key: 'contactPhone', width: 16 },
          { header: 'Assigned to', key: 'assignee', width: 16 },
        ],
        found.map((row) => ({
          id: row.order.id,
          createdAt: localText(row.order.createdAt, row.timeZone),
          updatedAt: localText(row.order.updatedAt, row.timeZone),
          timeZone: row.timeZone,
          status: row.order.status,
          questionCategory: row.order.questionCategory,
          productType: row.order.productType,
          plant: row.plantName,
          deviceSn: row.order.deviceSn ?? '',
          title: row.order.title,
          createdBy: row.createdBy,
          contactName: row.order.contactName,
          contactPhone: row.order.contactPhone,
          assignee: row.assignee ?? '',
        })),
      );
    },

    async detail(session: Session, id: number): Promise<WorkOrderDetail> {
      const found = await visible(session, id);
      const entries = await repo.entries(id);
      return {
        ...summaryOf(found),
        description: found.order.description,
        contactName: found.order.contactName,
        contactPhone: found.order.contactPhone,
        platform: found.order.platform,
        nextStatuses: nextStatuses(session, found),
        handles: found.handles,
        entries: entries.map((row) => ({
          id: row.entry.id,
          kind: row.entry.kind,
          author: row.author,
          body: row.entry.body,
          statusFrom: row.entry.statusFrom,
          statusTo: row.entry.statusTo,
          assignee: row.assignee,
          photoIds: row.photoIds.map(Number),
          at: row.entry.createdAt.getTime(),
        })),
      };
    },

    async reply(session: Session, client: ClientInfo, { id, body, photoIds }: WorkOrderReplyBody) {
      return transaction(async () => {
        const found = await visible(session, id);
        if (found.order.status === 'closed') throw new AppError(Errno.workOrderClosed);
        const photos = await photosOf(session, photoIds);
        const entryId = await repo.addEntry({ workOrderId: id, authorId: session.accountId, kind: 'reply', body }, photos);
        await audit.record(session, client, {
          action: 'workOrder.reply',
          objectType: 'workOrder',
          objectId: id,
          after: { entryId, photos: photos.length },
        });
        await mailCreator(found, session, { template: 'workOrderReply', text: body });
      });
    },

    async move(session: Session, client: ClientInfo, { id, status, note }: WorkOrderStatusBody) {
      return transaction(async () => {
        const found = await visible(session, id);
        if (!nextStatuses(session, found).includes(status)) throw new AppError(Errno.workOrderMoveRefused);
        await repo.setStatus(id, status);
        await repo.addEntry({
          workOrderId: id,
          authorId: session.accountId,
          kind: 'status',
          body: note,
          statusFrom: found.order.status,
          statusTo: status,
        });
        await audit.record(session, client, {
          action: 'workOrder.status',
          objectType: 'workOrder',
          objectId: id,
          before: { status: found.order.status },
          after: { status, note },
        });
        await mailCreator(found, session, { template: 'workOrderStatus', text: note, status });
      });
    },

    async assign(session: Session, client: ClientInfo, { id, assignee }: WorkOrderAssignBody) {
      return transaction(async () => {
        const found = await visible(session, id);
        if (!found.handles) throw new AppError(Errno.noPermission);
        const target = await repo.accountScope(assignee);
        if (!target || !(await repo.handlesOrder(target, id))) throw new AppError(Errno.workOrderAssigneeRefused);
        await repo.setAssignee(id, target.accountId);
        await repo.addEntry({ workOrderId: id, authorId: session.accountId, kind: 'assigned', assigneeId: target.accountId });
        await audit.record(session, client, {
          action: 'workOrder.assign',
          objectType: 'workOrder',
          objectId: id,
          before: { assignee: found.assignee },
          after: { assignee },
        });
      });
    },
  };
}

export type WorkOrderService = ReturnType<typeof createWorkOrderService>;
