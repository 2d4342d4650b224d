import { z } from 'zod';
import { badRequest } from './http-error';

/** Parses a body, query or params with a zod schema; bad input becomes a 400 naming the first problem. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw badRequest(field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input'));
}

/** A trimmed string with a length range, the shape of every text field the API takes. */
export const trimmedText = (min: number, max: number) => z.string().trim().min(min).max(max);

export const idSchema = z.uuid({ message: 'must be a valid id' });
