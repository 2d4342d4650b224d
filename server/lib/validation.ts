import type { FastifySchemaCompiler } from 'fastify';
import * as z from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { badRequest } from './http-error';

// The contract in common/ is written with zod's mini build, which carries no messages of its own.
z.config(z.locales.en());

/**
 * Validates a route's body, query or params with its zod schema from the contract: bad input becomes
 * a 400 naming the first problem; a missing body or query is read as `{}`.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (input) => {
    const result = z.safeParse(schema, input ?? {});
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    return { error: badRequest(field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input')) };
  };
