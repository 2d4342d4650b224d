import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { logNoticeSender, logSmsSender } from './log-sms-sender';
import { msg91NoticeSender, msg91SmsSender } from './msg91-sms-sender';
import type { NoticeSender } from '../fallback-providers';
import type { SmsSender } from './sms-sender';
import { twilioNoticeSender, twilioSmsSender } from './twilio-sms-sender';

export type { SmsSender } from './sms-sender';

export function createSmsSender(config: Config['sms'], log: FastifyBaseLogger): SmsSender {
  if (config.provider === 'twilio') return twilioSmsSender(config);
  if (config.provider === 'msg91') return msg91SmsSender(config);
  log.warn('No SMS provider is configured: one-time codes are written to this log, not sent.');
  return logSmsSender(log);
}

/** The fallback SMS through the SMS provider; null (the SMS step off) for MSG91 without its notice template. */
export function createNoticeSender(config: Config, log: FastifyBaseLogger): NoticeSender | null {
  const { sms, fallback } = config;
  if (sms.provider === 'twilio') return twilioNoticeSender(sms);
  if (sms.provider === 'msg91') {
    return fallback.msg91NoticeTemplates ? msg91NoticeSender(sms, fallback.msg91NoticeTemplates) : null;
  }
  return logNoticeSender(log);
}
