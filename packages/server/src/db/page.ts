import { and, gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A page of a list call: which one (from 1) and how many rows it holds. */
export interface PageRequest {
  currentPage: number;
  pageSize: number;
}

/** The rows a page takes and skips. */
export interface Page {
  limit: number;
  offset: number;
}

/** The rows before the page. */
export const offsetOf = ({ currentPage, pageSize }: PageRequest) => (currentPage - 1) * pageSize;

export const pageOf = (request: PageRequest): Page => ({ limit: request.pageSize, offset: offsetOf(request) });

/** One page of a log as the list calls answer it: the entries of the requested page and the paging itself. */
export async function pageOfLog<Entry>(filters: PageRequest, read: (page: Page) => Promise<{ total: number; entries: Entry[] }>) {
  const { currentPage, pageSize } = filters;
  const { total, entries } = await read(pageOf(filters));
  return { total, currentPage, pageSize, entries };
}

/** Entries of a log within a filter's time range (UTC ms, either end open). */
export function loggedWithin(at: PgColumn, range: { from?: number; to?: number }): SQL | undefined {
  return and(
    range.from !== undefined ? gte(at, new Date(range.from)) : undefined,
    range.to !== undefined ? lte(at, new Date(range.to)) : undefined,
  );
}
