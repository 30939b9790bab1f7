import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, integrator: X, admin: M } = Access;
/** Every signed-in role files work orders about what it sees; installers, agents, distributors and administrators handle them. */
const ANYONE = [U, I, A, D, X, M] as const;

/** Work orders (spec sections 2-4; issue 23): create, list, detail with its conversation, replies, status, assignment. */
export const workOrderCalls = {
  questionTypes: defineCall({
    method: 'GET',
    path: '/c/v0/ticket/questionTypes',
    access: ANYONE,
    platForm: true,
    answer: 'workOrderQuestionTypes',
    tag: 'workOrder',
    summary: 'The question categories and product types a work order is filed under',
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/create',
    access: ANYONE,
    platForm: true,
    body: 'workOrderCreateBody',
    answer: 'createdId',
    tag: 'workOrder',
    summary: 'File a work order about a plant or device in scope, with photos uploaded before',
  }),
  photoUpload: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/photo/upload',
    access: ANYONE,
    upload: true,
    answer: 'uploadedFile',
    tag: 'workOrder',
    summary: 'Upload a photo (jpg, png or jpeg, by its bytes) to attach to a work order or a reply',
  }),
  photo: defineCall({
    method: 'GET',
    path: '/c/v0/ticket/photo',
    access: ANYONE,
    query: 'workOrderPhotoQuery',
    answer: 'file',
    tag: 'workOrder',
    summary: 'A photo of a work order the caller sees',
  }),
  list: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/list',
    access: ANYONE,
    body: 'workOrderListBody',
    answer: 'workOrderListResult',
    tag: 'workOrder',
    summary: 'Work orders the caller filed or handles, newest change first, filtered and searched',
  }),
  export: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/export',
    access: ANYONE,
    body: 'workOrderFilters',
    answer: 'file',
    tag: 'workOrder',
    summary: 'The work orders of the same filters as an xlsx file',
  }),
  detail: defineCall({
    method: 'GET',
    path: '/c/v0/ticket/detail',
    access: ANYONE,
    query: 'idQuery',
    answer: 'workOrderDetail',
    tag: 'workOrder',
    summary: 'A work order with its conversation in time order and what the caller may do with it',
  }),
  reply: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/reply',
    access: ANYONE,
    body: 'workOrderReplyBody',
    answer: 'emptyResult',
    tag: 'workOrder',
    summary: 'Reply to a work order, with photos; the creator is mailed',
  }),
  status: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/status',
    access: ANYONE,
    body: 'workOrderStatusBody',
    answer: 'emptyResult',
    tag: 'workOrder',
    summary: "Move a work order to another status, as the caller's role may; the creator is mailed",
  }),
  assign: defineCall({
    method: 'POST',
    path: '/c/v0/ticket/assign',
    access: [I, A, D, M],
    body: 'workOrderAssignBody',
    answer: 'emptyResult',
    tag: 'workOrder',
    summary: 'Give a work order to an account that handles it',
  }),
} satisfies Record<string, CallDeclaration>;
