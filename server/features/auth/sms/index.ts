import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { logSmsSender } from './log-sms-sender';
import { msg91SmsSender } from './msg91-sms-sender';
import type { SmsSender } from './sms-sender';
import { twilioSmsSender } from './twilio-sms-sender';

export type { SmsSender } from './sms-sender';

export function createSmsSender(config: Config['sms'], log: FastifyBaseLogger): SmsSender {
  if (config.provider === 'twilio') return twilioSmsSender(config);
  if (config.provider === 'msg91') return msg91SmsSender(config);
  log.warn('No SMS provider is configured: one-time codes are written to this log, not sent.');
  return logSmsSender(log);
}
