/**
 * What the live benches share: accounts stored straight into a fresh database with a session and a
 * vehicle each, and live-notification streams (GET /api/users/events) opened over loopback with node:http.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createParser } from 'eventsource-parser';
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/database';
import { sessions, users, vehicles } from '../server/db/schema';
import { hashToken } from '../server/plugins/auth/session-store';

export interface Account {
  id: string;
  token: string;
  /** A vehicle of the account's own: a message must name one of the receiver's vehicles. */
  vehicleId: string;
  vehicleNumber: string;
}

/** `count` users and their sessions, stored the way sign-in stores them (only the token's SHA-256). */
export async function seedAccounts(config: Config['database'], count: number): Promise<Account[]> {
  const database = await openDatabase(config);
  try {
    const accounts = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      token: randomBytes(32).toString('base64url'),
      vehicleId: randomUUID(),
      vehicleNumber: `kl07sk${String(index).padStart(4, '0')}`,
    }));
    const now = new Date();
    await database.db.insert(users).values(
      accounts.map((account, index) => ({
        id: account.id,
        name: `Soak ${index}`,
        email: `soak${index}@example.in`,
        phone: `9${String(index).padStart(9, '0')}`,
        gender: 'Female' as const,
        dateOfBirth: '1990-01-01',
        district: 'Ernakulam' as const,
        city: 'Kochi',
      })),
    );
    await database.db.insert(vehicles).values(
      accounts.map((account) => ({
        id: account.vehicleId,
        ownerId: account.id,
        name: 'Soak car',
        vehicleNumber: account.vehicleNumber,
      })),
    );
    await database.db.insert(sessions).values(
      accounts.map((account) => ({
        tokenHash: hashToken(account.token),
        userId: account.id,
        createdAt: now,
        lastSeen: now,
      })),
    );
    return accounts;
  } finally {
    await database.close();
  }
}

export interface LiveStream {
  user: Account;
  request: http.ClientRequest;
  /** Resolves on the stream's `ready` frame. */
  ready: Promise<void>;
  ended: boolean;
}

/** Opens GET /api/users/events on a socket of its own; every frame but `ready` goes to `onFrame`. */
export function openStream(
  base: URL,
  user: Account,
  onFrame: (frame: { event: string; data: string }) => void,
  onHeartbeat: () => void = () => {},
): LiveStream {
  let markReady: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  const request = http.get(
    new URL('/api/users/events', base),
    { agent: false, headers: { authorization: `Bearer ${user.token}` } },
    (response) => {
      if (response.statusCode !== 200) fail(new Error(`events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      const parser = createParser({
        onEvent: ({ event = 'message', data }) =>
          event === 'ready' ? markReady() : onFrame({ event, data }),
        onComment: onHeartbeat,
      });
      response.on('data', (chunk: string) => parser.feed(chunk));
      response.on('end', () => (stream.ended = true));
    },
  );
  request.on('error', (error) => {
    stream.ended = true;
    fail(error);
  });
  const stream: LiveStream = { user, request, ready, ended: false };
  return stream;
}
