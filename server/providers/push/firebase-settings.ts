import { z } from 'zod';
import type { RuntimeConfig } from '#common/api';
import { ConfigError, jsonObject } from '../../lib/settings';

export type FirebaseWebConfig = NonNullable<RuntimeConfig['push']>['firebase'];

/** The Firebase web app config the PWA needs for `getToken`; other keys are dropped. */
const firebaseWebConfig = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1).optional(),
  projectId: z.string().min(1),
  storageBucket: z.string().min(1).optional(),
  messagingSenderId: z.string().min(1),
  appId: z.string().min(1),
}) satisfies z.ZodType<FirebaseWebConfig>;

/** The environment variables of push through Firebase. */
export const firebaseSettings = z.object({
  FIREBASE_SERVICE_ACCOUNT: jsonObject.optional(),
  FIREBASE_WEB_CONFIG: jsonObject.pipe(firebaseWebConfig).optional(),
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
});

export interface FirebaseConfig {
  serviceAccount: Record<string, unknown>;
  webConfig: FirebaseWebConfig;
  vapidKey: string;
}

/** Push is off (null) unless all three settings are given. */
export function firebaseConfig(env: z.infer<typeof firebaseSettings>): FirebaseConfig | null {
  const { FIREBASE_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG, FIREBASE_VAPID_KEY } = env;
  const given = [FIREBASE_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG, FIREBASE_VAPID_KEY].filter(Boolean).length;
  if (given === 0) return null;
  if (!FIREBASE_SERVICE_ACCOUNT || !FIREBASE_WEB_CONFIG || !FIREBASE_VAPID_KEY) {
    throw new ConfigError(
      'Push needs all three of FIREBASE_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY.',
    );
  }
  return {
    serviceAccount: FIREBASE_SERVICE_ACCOUNT,
    webConfig: FIREBASE_WEB_CONFIG,
    vapidKey: FIREBASE_VAPID_KEY,
  };
}
