import { z } from 'zod';
import { epochMsSchema, mobileSchema } from './common.ts';
import { DEVICE_TYPES } from './device.ts';
import { idSchema, pageFields } from './plant.ts';

/** Work order statuses (spec section 4) in their order: turned on, processing, upgraded (escalated to the manufacturer), solved, closed. */
export const WORK_ORDER_STATUSES = ['turnedOn', 'processing', 'upgraded', 'solved', 'closed'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** What the question-types call answers (spec section 7): the categories a work order is filed under. */
export const QUESTION_CATEGORIES = ['deviceFault', 'communication', 'monitoring', 'installation', 'warranty', 'other'] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

/** The product a work order is about: a device type, or the platform itself (app or console). */
export const PRODUCT_TYPES = [...DEVICE_TYPES, 'datalogger', 'platform'] as const;

/** What the conversation of a work order holds, in time order. */
export const WORK_ORDER_ENTRY_KINDS = ['created', 'reply', 'status', 'assigned'] as const;

/** At most this many photos go with a work order or a reply. */
export const WORK_ORDER_PHOTOS_MAX = 6;
/** A photo is at most 10 MB (jpg, png or jpeg: spec section 5). */
export const WORK_ORDER_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const text = (max: number, key: string) => z.string().trim().min(1, { error: key }).max(max, { error: key });
const photoIds = z.array(idSchema).max(WORK_ORDER_PHOTOS_MAX, { error: 'workOrder.tooManyPhotos' }).default([]);

export const workOrderCreateBody = z.strictObject({
  plantId: idSchema.optional(),
  /** A device of the plant (or, for an integrator, a device authorised to it): the order is about its plant. */
  deviceSn: z.string().trim().min(1).max(64).optional(),
  questionCategory: z.enum(QUESTION_CATEGORIES, { error: 'workOrder.categoryRequired' }),
  productType: z.enum(PRODUCT_TYPES, { error: 'workOrder.productRequired' }),
  title: text(100, 'workOrder.titleLength'),
  description: text(4000, 'workOrder.descriptionLength'),
  contactName: text(64, 'workOrder.contactNameLength'),
  contactPhone: mobileSchema,
  photoIds,
});
export type WorkOrderCreateBody = z.infer<typeof workOrderCreateBody>;

export const workOrderFilters = z.strictObject({
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  questionCategory: z.enum(QUESTION_CATEGORIES).optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  plantId: idSchema.optional(),
  /** Only those assigned to the caller. */
  mine: z.boolean().optional(),
  /** Words of the title, description, contact, plant name or device SN, or the order's number. */
  search: z.string().trim().max(100).optional(),
  from: epochMsSchema.optional(),
  to: epochMsSchema.optional(),
});
export type WorkOrderFilters = z.infer<typeof workOrderFilters>;
export const workOrderListBody = workOrderFilters.extend(pageFields);
export type WorkOrderListBody = z.infer<typeof workOrderListBody>;

export const workOrderReplyBody = z.strictObject({
  id: idSchema,
  body: text(4000, 'workOrder.replyLength'),
  photoIds,
});
export type WorkOrderReplyBody = z.infer<typeof workOrderReplyBody>;
export const workOrderStatusBody = z.strictObject({
  id: idSchema,
  status: z.enum(WORK_ORDER_STATUSES),
  /** Why, in a few words (shown in the conversation and the creator's email). */
  note: z.string().trim().max(1000).default(''),
});
export type WorkOrderStatusBody = z.infer<typeof workOrderStatusBody>;
export const workOrderAssignBody = z.strictObject({ id: idSchema, assignee: z.string().trim().min(1).max(20) });
export type WorkOrderAssignBody = z.infer<typeof workOrderAssignBody>;
export const workOrderPhotoQuery = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const workOrderSummary = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  questionCategory: z.enum(QUESTION_CATEGORIES),
  productType: z.enum(PRODUCT_TYPES),
  plantId: z.number(),
  plantName: z.string(),
  /** The plant's IANA zone: times are shown in it. */
  timeZone: z.string(),
  deviceSn: z.string().nullable(),
  createdBy: z.string(),
  assignee: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummary>;
export const workOrderListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  workOrders: z.array(workOrderSummary),
});

export const workOrderEntry = z.object({
  id: z.number(),
  kind: z.enum(WORK_ORDER_ENTRY_KINDS),
  author: z.string(),
  body: z.string(),
  statusFrom: z.enum(WORK_ORDER_STATUSES).nullable(),
  statusTo: z.enum(WORK_ORDER_STATUSES).nullable(),
  assignee: z.string().nullable(),
  photoIds: z.array(z.number()),
  at: z.number(),
});
export type WorkOrderEntry = z.infer<typeof workOrderEntry>;
export const workOrderDetail = workOrderSummary.extend({
  description: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  platform: z.string(),
  /** The statuses the caller may move it to now (section 4's rules for its role). */
  nextStatuses: z.array(z.enum(WORK_ORDER_STATUSES)),
  /** Whether the caller handles it (may assign it and reply as support). */
  handles: z.boolean(),
  entries: z.array(workOrderEntry),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;
export const workOrderQuestionTypes = z.object({
  categories: z.array(z.enum(QUESTION_CATEGORIES)),
  productTypes: z.array(z.enum(PRODUCT_TYPES)),
});
export const uploadedFile = z.object({ id: z.number(), name: z.string(), size: z.number(), contentType: z.string() });
