import type { FastifySchemaCompiler } from 'fastify';
import * as z from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { badRequest } from './http-error';

// The contract in common/ is written with zod's mini build, which carries no messages of its own.
z.config(z.locales.en());

/**
 * C0 controls but tab, line feed and carriage return (typed text keeps its lines), DEL and the C1
 * controls. PostgreSQL cannot store a NUL in text at all; the others only hide text from readers.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

interface Place {
  value: unknown;
  key: string | null;
  parent: Place | null;
}

const pathOf = (place: Place): string[] => {
  const path: string[] = [];
  for (let at: Place | null = place; at?.key != null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path of a string in the input that holds a control character, or null when none does. Walked
 * without recursion: a body may be nested thousands deep.
 */
export function controlCharacterAt(input: unknown): string[] | null {
  const pending: Place[] = [{ value: input, key: null, parent: null }];
  for (let place = pending.pop(); place; place = pending.pop()) {
    const { value } = place;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value)) return pathOf(place);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) pending.push({ value: inner, key, parent: place });
    }
  }
  return null;
}

/**
 * Validates a route's body, query or params with its zod schema from the contract: bad input becomes
 * a 400 naming the first problem; a missing body or query is read as `{}`. A control character in any
 * string is refused before the schema, so no route can pass one to the database.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (input) => {
    const controlAt = controlCharacterAt(input);
    if (controlAt) {
      const field = controlAt.join('.');
      return { error: badRequest(`${field ? `${field}: ` : ''}must not contain control characters`) };
    }
    const result = z.safeParse(schema, input ?? {});
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    return { error: badRequest(field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input')) };
  };
