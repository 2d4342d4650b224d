import { z } from 'zod';
import { ConfigError, isLoopbackHost, providerBaseUrl } from '../../lib/settings';

/** The environment variables of the SMS providers. */
export const smsSettings = z.object({
  SMS_PROVIDER: z.enum(['log', 'twilio', 'msg91']).optional(),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_BASE_URL: providerBaseUrl.default('https://control.msg91.com'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: providerBaseUrl.default('https://api.twilio.com'),
});

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
}

export interface Msg91Config {
  authKey: string;
  templateId: string;
  baseUrl: string;
}

export type SmsConfig =
  { provider: 'log' } | ({ provider: 'twilio' } & TwilioConfig) | ({ provider: 'msg91' } & Msg91Config);

/**
 * Codes go to the log only when asked for (`SMS_PROVIDER=log`) or, with no provider named, when the
 * server listens on a loopback address: a deployment that forgets to configure SMS must not hand every
 * code to whoever reads its logs.
 */
export function smsConfig(env: z.infer<typeof smsSettings> & { NODE_ENV: string; HOST: string }): SmsConfig {
  if (env.SMS_PROVIDER === undefined || env.SMS_PROVIDER === 'log') {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('SMS_PROVIDER must be set in production: one-time codes would only be logged.');
    }
    if (env.SMS_PROVIDER === undefined && !isLoopbackHost(env.HOST)) {
      throw new ConfigError(
        `No SMS provider is configured and HOST=${env.HOST} is not a loopback address: one-time codes would ` +
          'only be logged. Set SMS_PROVIDER=twilio or SMS_PROVIDER=msg91 (with its TWILIO_* or MSG91_* variables), or SMS_PROVIDER=log to log ' +
          'them on purpose.',
      );
    }
    return { provider: 'log' };
  }
  if (env.SMS_PROVIDER === 'msg91') {
    const { MSG91_AUTH_KEY, MSG91_TEMPLATE_ID } = env;
    if (!MSG91_AUTH_KEY || !MSG91_TEMPLATE_ID) {
      throw new ConfigError('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID.');
    }
    return {
      provider: 'msg91',
      authKey: MSG91_AUTH_KEY,
      templateId: MSG91_TEMPLATE_ID,
      baseUrl: env.MSG91_BASE_URL,
    };
  }
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM } = env;
  if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) {
    throw new ConfigError('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.');
  }
  return {
    provider: 'twilio',
    accountSid: TWILIO_ACCOUNT_SID,
    authToken: TWILIO_AUTH_TOKEN,
    from: TWILIO_FROM,
    baseUrl: env.TWILIO_BASE_URL,
  };
}
