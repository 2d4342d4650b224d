import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { validatorCompiler } from './validation';

const validate = validatorCompiler({
  schema: z.object({ name: z.string(), tags: z.optional(z.array(z.object({ text: z.string() }))) }),
  method: 'POST',
  url: '/test',
});

const problemOf = (input: unknown) => {
  const result = validate(input) as { error?: Error; value?: unknown };
  return result.error instanceof HttpError ? `${result.error.statusCode} ${result.error.message}` : null;
};

describe('the request validator', () => {
  it.each([
    ['NUL', '\u0000'],
    ['a bell', '\u0007'],
    ['an escape', '\u001b'],
    ['a vertical tab', '\u000b'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('refuses a string holding %s with 400, naming the field', (_name, control) => {
    expect(problemOf({ name: `An${control}u` })).toBe('400 name: must not contain control characters');
  });

  it('names the field of a control character nested in arrays and objects', () => {
    expect(problemOf({ name: 'Anu', tags: [{ text: 'ok' }, { text: 'a\u0000' }] })).toBe(
      '400 tags.1.text: must not contain control characters',
    );
  });

  it('refuses a control character even in a field the schema does not know', () => {
    expect(problemOf({ name: 'Anu', extra: '\u0000' })).toBe(
      '400 extra: must not contain control characters',
    );
  });

  it('lets tabs and line breaks through: typed text keeps its lines', () => {
    expect(validate({ name: 'Anu\tThomas\r\nKochi\n' })).toEqual({
      value: { name: 'Anu\tThomas\r\nKochi\n' },
    });
  });

  it('walks a body nested thousands deep without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    expect(problemOf({ name: deep })).toMatch(/^400 name\.0\.0\..*must not contain control characters$/);
  });
});
