/**
 * A stand-in for the desktop's notification daemon (org.freedesktop.Notifications) on a private D-Bus
 * session bus. Chromium on Linux shows web notifications through that interface, so a test sees each
 * system notification and can click it: Chromium then fires a real, trusted `notificationclick` in the
 * service worker, allowed to focus or open a window, which neither CDP nor a synthetic event can do.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import dbus, { type Message } from 'dbus-next';
import { describe } from 'vitest';
import { waitUntil } from './app-server';

const DBUS_DAEMON = '/usr/bin/dbus-daemon';
const PATH = '/org/freedesktop/Notifications';
const INTERFACE = 'org.freedesktop.Notifications';
/** Chromium's action for a click on the notification itself. */
const DEFAULT_ACTION = 'default';
const CLOSED_BY_CALL = 3;

/** Whether this machine can run the stand-in (Debian's dbus-daemon package). */
export const notificationDaemonAvailable = existsSync(DBUS_DAEMON);

if (!notificationDaemonAvailable) {
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`REQUIRE_BROWSER=1 but ${DBUS_DAEMON} is missing (apt-get install dbus-daemon).`);
  }
  console.warn(`!!! NOTIFICATION CLICK TESTS SKIPPED: no ${DBUS_DAEMON} (apt-get install dbus-daemon) !!!`);
}

/** `describe` when a D-Bus daemon can be started, else a loudly reported skip. */
export const describeWithNotificationDaemon = notificationDaemonAvailable ? describe : describe.skip;

export interface ShownNotification {
  id: number;
  title: string;
  /** Chromium puts the origin before the text. */
  body: string;
  /** The labels of its action buttons, in order. */
  actions: string[];
}

export interface NotificationDaemon {
  /** The environment to launch Chromium with (launchContext({ env })). */
  env: NodeJS.ProcessEnv;
  /** The notifications on screen now, oldest first. */
  shown(): ShownNotification[];
  /** Waits for a notification with this title (and text, when given) to be on screen. */
  waitForNotification(title: string, text?: string): Promise<ShownNotification>;
  /** Clicks a notification's body, as a user would. */
  click(notification: ShownNotification): void;
  /** Taps one of its action buttons (Chromium names them by index). */
  clickAction(notification: ShownNotification, label: string): void;
  stop(): Promise<void>;
}

/** A session bus that starts no services on demand (Chromium would have it start the accessibility bus). */
const BUS_CONFIG = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${tmpdir()}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

/** Starts a private bus and the daemon on it; start it before Chromium, which looks for it at launch. */
export async function startNotificationDaemon(): Promise<NotificationDaemon> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'vahan-dbus-'));
  const configFile = path.join(configDir, 'bus.conf');
  writeFileSync(configFile, BUS_CONFIG);
  const daemon = spawn(
    DBUS_DAEMON,
    [`--config-file=${configFile}`, '--nofork', '--nopidfile', '--print-address=1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  daemon.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => daemon.once('exit', resolve));
  const address = await new Promise<string>((resolve, reject) => {
    daemon.once('error', reject);
    daemon.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}: ${errors}`)));
    createInterface({ input: daemon.stdout! }).once('line', resolve);
  });

  const bus = dbus.sessionBus({ busAddress: address });
  let shown: ShownNotification[] = [];
  let lastId = 0;
  const reply = (call: Message, signature = '', body: unknown[] = []) =>
    bus.send(dbus.Message.newMethodReturn(call, signature, body));
  const signal = (name: string, signature: string, body: unknown[]) =>
    bus.send(dbus.Message.newSignal(PATH, INTERFACE, name, signature, body));

  bus.addMethodHandler((call: Message) => {
    if (call.interface !== INTERFACE) return false;
    switch (call.member) {
      case 'GetCapabilities':
        reply(call, 'as', [['body', 'actions']]);
        return true;
      case 'GetServerInformation':
        reply(call, 'ssss', ['vahan-test', 'vahan', '1', '1.2']);
        return true;
      case 'Notify': {
        // (app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout) -> id
        const [, replacesId, , title, body, pairs] = call.body as [
          string,
          number,
          string,
          string,
          string,
          string[],
        ];
        const id = replacesId > 0 ? replacesId : ++lastId;
        // Actions come as (key, label) pairs; Chromium adds its own "default" and "settings" ones.
        const actions = pairs
          .filter((_, index) => index % 2 === 0)
          .map((key, index) => ({ key, label: pairs[index * 2 + 1] ?? '' }))
          .filter(({ key }) => /^\d+$/.test(key))
          .map(({ label }) => label);
        shown = [...shown.filter((item) => item.id !== id), { id, title, body, actions }];
        reply(call, 'u', [id]);
        return true;
      }
      case 'CloseNotification': {
        const [id] = call.body as [number];
        shown = shown.filter((item) => item.id !== id);
        reply(call);
        signal('NotificationClosed', 'uu', [id, CLOSED_BY_CALL]);
        return true;
      }
      default:
        return false;
    }
  });
  await bus.requestName(INTERFACE, 0);

  return {
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address },
    shown: () => [...shown],
    async waitForNotification(title, text = '') {
      const matches = (item: ShownNotification) => item.title === title && item.body.includes(text);
      await waitUntil(async () => shown.some(matches), 10_000);
      return shown.findLast(matches)!;
    },
    click(notification) {
      signal('ActionInvoked', 'us', [notification.id, DEFAULT_ACTION]);
    },
    clickAction(notification, label) {
      const index = notification.actions.indexOf(label);
      if (index < 0) throw new Error(`no action ${label} on ${notification.title}`);
      signal('ActionInvoked', 'us', [notification.id, String(index)]);
    },
    async stop() {
      bus.disconnect();
      if (daemon.exitCode === null) {
        daemon.kill('SIGTERM');
        await exited;
      }
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
