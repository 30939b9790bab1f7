import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Serialises answers with Fastify's compiled serializer, built from the zod schema of the call's
 * success answer. It writes only the properties the schema declares, so a stray field (a row
 * column) can never leak, and it is much faster than checking each answer with zod
 * (bench/RESULTS.md). Error answers have their own serializer in errors.ts.
 */
export function compileSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  const success = successShape(schema as z.ZodType);
  return fastJson(z.toJSONSchema(success, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object) as (
    data: unknown,
  ) => string;
}

/** `envelope()` is the union of the success shape and the error shape; only the success shape reaches this serializer. */
function successShape(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodUnion ? (schema.options[0] as z.ZodType) : schema;
}
