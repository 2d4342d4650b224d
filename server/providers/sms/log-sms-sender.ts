import type { FastifyBaseLogger } from 'fastify';
import type { NoticeSender } from '../fallback-providers';
import type { SmsSender } from './sms-sender';

/** Development sender: writes each code to the log on one line (the run contract of DESIGN.md §2). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async sendCode(phone, code) {
      log.info(`otp phone=${phone} code=${code}`);
    },
  };
}

/** Development sender of the fallback SMS: one log line, with no text and no plate. */
export function logNoticeSender(log: FastifyBaseLogger): NoticeSender {
  return {
    async sendNotice({ phone, requestId }) {
      log.info(`fallback-sms phone=${phone} request=${requestId}`);
    },
  };
}
