import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/api';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
const users: SignedIn[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 12; i++) users.push(await t.signUp({ name: `Load User ${i}` }));
});
afterAll(() => t.close());

const validate = (user: SignedIn) =>
  t.inject({ method: 'GET', url: '/api/users/validateUser', headers: user.headers });

describe('the prepared session lookup', () => {
  it('gives each of many concurrent requests the user of its own token', async () => {
    const answers = await Promise.all(
      [...users, ...users, ...users].map(async (user) => ({
        expected: user.user._id,
        got: (await validate(user)).json<{ user: User }>().user._id,
      })),
    );
    expect(answers.filter((answer) => answer.got !== answer.expected)).toEqual([]);
  });

  it('reads the user as they are now, not as they were when first looked up', async () => {
    const [user] = users;
    if (!user) throw new Error('no user');
    await validate(user);
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { phoneVisible: true },
      headers: user.headers,
    });
    expect((await validate(user)).json<{ user: User }>().user.phoneVisible).toBe(true);
  });
});
