import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A case-insensitive prefix match, with LIKE's wildcards in the prefix taken literally. */
export const startsWith = (column: SQL | PgColumn, prefix: string): SQL =>
  sql`lower(${column}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`;

/** A case-insensitive substring match, with LIKE's wildcards in the text taken literally. */
export const contains = (column: SQL | PgColumn, text: string): SQL =>
  sql`lower(${column}) like ${`%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`;
