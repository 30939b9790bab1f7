import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Text with LIKE's wildcards (and its escape character) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A case-insensitive prefix match. */
export const startsWith = (column: SQL | PgColumn, prefix: string): SQL =>
  sql`lower(${column}) like ${`${escapeLike(prefix.toLowerCase())}%`}`;

/** A case-sensitive prefix match: what an index in C collation serves (serial numbers). */
export const startsWithExactly = (column: SQL | PgColumn, prefix: string): SQL => sql`${column} like ${`${escapeLike(prefix)}%`}`;

/** A case-insensitive substring match. */
export const contains = (column: SQL | PgColumn, text: string): SQL => sql`lower(${column}) like ${`%${escapeLike(text.toLowerCase())}%`}`;
