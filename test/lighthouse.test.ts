/**
 * Lighthouse's accessibility and best-practices audits of /login, which give the same result every
 * run (performance does not, so it lives in `npm run lighthouse`, not here).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser } from './support/chromium';
import { runLighthouse, type LighthouseResult } from './support/lighthouse';

describeInBrowser('Lighthouse on /login', () => {
  let server: AppServer;
  let result: LighthouseResult;

  beforeAll(async () => {
    server = await startAppServer();
    result = await runLighthouse(`${server.url}/login`, ['accessibility', 'best-practices']);
  });

  afterAll(() => server.stop());

  it('scores 100 for accessibility', () => {
    expect(result.failedAudits.filter((audit) => audit.category === 'accessibility')).toEqual([]);
    expect(result.scores.accessibility).toBe(100);
  });

  it('scores 100 for best practices', () => {
    expect(result.failedAudits.filter((audit) => audit.category === 'best-practices')).toEqual([]);
    expect(result.scores['best-practices']).toBe(100);
  });
});
