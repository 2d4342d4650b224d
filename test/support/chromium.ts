import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type BrowserContext,
  type LaunchOptions,
  type BrowserContextOptions,
} from 'playwright-core';
import { describe } from 'vitest';
import { freePort, waitUntil } from './app-server';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (or CHROMIUM_PATH); never a browser downloaded by a test tool. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean) as string[];
  return candidates.find((candidate) => existsSync(candidate));
}

const executablePath = findChromium();
if (!executablePath) {
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error('REQUIRE_BROWSER=1 but no Chromium was found (set CHROMIUM_PATH or install chromium).');
  }
  console.warn('!!! BROWSER TESTS SKIPPED: no Chromium at CHROMIUM_PATH or /usr/bin/chromium !!!');
}

/** `describe` when a Chromium is there, else a loudly reported skip (a failure under REQUIRE_BROWSER=1). */
export const describeInBrowser = executablePath ? describe : describe.skip;

export interface LaunchedContext {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A persistent context (service workers need one) in a fresh user-data dir, removed on close. */
export async function launchContext(
  options: Omit<LaunchOptions, 'executablePath' | 'args'> &
    Pick<BrowserContextOptions, 'serviceWorkers' | 'locale' | 'javaScriptEnabled'> & {
      viewport?: { width: number; height: number };
      extraArgs?: string[];
    } = {},
): Promise<LaunchedContext> {
  if (!executablePath) throw new Error('No Chromium');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'vahan-chromium-'));
  const { viewport, extraArgs = [], ...rest } = options;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    viewport: viewport ?? { width: 360, height: 640 },
    ...rest,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface DebuggableChromium {
  /** The DevTools port on 127.0.0.1. */
  port: number;
  close(): Promise<void>;
}

/** A plain Chromium with a DevTools port, for tools that drive it themselves (Lighthouse). */
export async function launchWithDebuggingPort(extraArgs: string[] = []): Promise<DebuggableChromium> {
  if (!executablePath) throw new Error('No Chromium');
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'vahan-chromium-'));
  const port = await freePort();
  const child = spawn(
    executablePath,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDataDir}`,
      ...extraArgs,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
      const response = await fetch(`http://127.0.0.1:${port}/json/version`).catch(() => undefined);
      return response?.ok === true;
    }, 30_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}
