import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender';

/** Development sender: writes each code to the log on one line (the run contract of DESIGN.md §2). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async sendCode(phone, code) {
      log.info(`otp phone=${phone} code=${code}`);
    },
  };
}
