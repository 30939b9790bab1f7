import { storableInput } from '@sunstack/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The validator of every call's body, query and parameters: the call's zod schema, behind the shared
 * check that the input holds no text PostgreSQL cannot store (refused with its own issues, 40257,
 * before the schema runs). One place, so no field and no new call can miss it.
 */
export const validateInput: FastifySchemaCompiler<ZodType> = (route) =>
  validatorCompiler({ ...route, schema: storableInput.pipe(route.schema) });
