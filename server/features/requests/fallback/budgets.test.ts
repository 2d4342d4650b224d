import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeExotel, type FakeExotel } from '../../../providers/telephony/testing/fake-exotel';
import { startFakeMsg91, type FakeMsg91 } from '../../../providers/sms/testing/fake-msg91';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { aRequest } from '../../../testing/request-fixtures';
import { ladderEnv } from '../../../testing/fallback-fixtures';

/** A server's log lines, as objects. */
function logRecorder() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  };
}
const WARN = 40;

describe('the service-wide daily budgets', () => {
  let msg91: FakeMsg91;
  let exotel: FakeExotel;
  let t: TestApp;
  const log = logRecorder();
  beforeAll(async () => {
    [msg91, exotel] = await Promise.all([startFakeMsg91(), startFakeExotel()]);
    t = await createTestApp({
      env: {
        ...ladderEnv(msg91, exotel),
        LOG_LEVEL: 'info',
        FALLBACK_SMS_PER_DAY: '5',
        FALLBACK_CALLS_PER_DAY: '2',
      },
      deps: { logStream: log.stream },
    });
  });
  afterAll(async () => {
    await t.close();
    msg91.close();
    await exotel.close();
  });

  it('sends no more than FALLBACK_SMS_PER_DAY and FALLBACK_CALLS_PER_DAY, warning operators at 80 % and when spent', async () => {
    for (let index = 0; index < 6; index += 1) await aRequest(t);
    t.clock.advance(300_000);
    await t.app.fallbackLadder.sweep();
    expect(msg91.received).toHaveLength(5);
    expect(exotel.received).toHaveLength(2);
    const warnings = log.lines.filter((line) => line.level === WARN).map((line) => line.msg);
    expect(warnings).toContain('fallback sms: 4 of the daily budget of 5 used (FALLBACK_SMS_PER_DAY)');
    expect(warnings).toContain('fallback sms: the daily budget of 5 is spent');
    expect(warnings).toContain('fallback call: the daily budget of 2 is spent');
  });

  it('sends again once the oldest steps are a day old', async () => {
    t.clock.advance(24 * 60 * 60_000);
    const { owner } = await aRequest(t);
    t.clock.advance(60_000);
    await t.app.fallbackLadder.sweep();
    expect(msg91.received.at(-1)?.body).toContain(`91${owner.user.phone}`);
  });
});

describe('with SMS_PROVIDER=log', () => {
  let t: TestApp;
  const log = logRecorder();
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream: log.stream } });
  });
  afterAll(() => t.close());

  it('writes "fallback-sms phone=<10 digits> request=<id>" to its log instead of sending, and places no call', async () => {
    const { owner, notification } = await aRequest(t);
    t.clock.advance(300_000);
    await t.app.fallbackLadder.sweep();
    const messages = log.lines.map((line) => line.msg);
    expect(messages).toContain(`fallback-sms phone=${owner.user.phone} request=${notification._id}`);
    expect(messages.filter((message) => message.startsWith('fallback-sms'))).toHaveLength(1);
  });
});
