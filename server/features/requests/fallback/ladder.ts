import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FallbackChannel } from '#common/fallback-channels';
import { inQuietHours } from '#common/quiet-hours';
import type { FallbackConfig } from './settings';
import type { FlowCaller, NoticeSender } from '../../../providers/fallback-providers';
import { periodicJobOf } from '../../../lib/periodic-job';
import { changedRequest } from '../repository';
import {
  claimStep,
  dueSteps,
  markStepFailed,
  recordCallSid,
  type DueStep,
  type StepCounts,
} from './repository';
import { noticeText } from './texts';
import { HOUR_MS } from '#common/durations';

/** How often each instance looks for due steps: a step is taken within 5 s of its time. */
const LADDER_SWEEP_MS = 5000;
/** The share of a daily budget at which operators are warned in the log. */
const BUDGET_WARNING_SHARE = 0.8;
/** The same warning is logged at most once an hour per instance. */
const WARNING_GAP_MS = HOUR_MS;
/** The share of a daily budget kept for senders who caused no step of that channel in the last 24 hours. */
const RESERVE_DIVISOR = 5;

export interface LadderOptions {
  /** Null when the SMS step is off (MSG91 without its notice template). */
  sms: NoticeSender | null;
  /** Null when the call step is off (no Exotel, or no EXOTEL_FLOW_URL). */
  call: FlowCaller | null;
}

/**
 * Why a due step is not taken now: a limit of the receiver, of the source, of the sender, the reserve
 * of the service's budget kept for senders with no step yet, or that budget itself.
 */
type StepRefusal = 'receiver' | 'source' | 'sender' | 'reserve' | 'budget';

function refusalOf(channel: FallbackChannel, counts: StepCounts, config: FallbackConfig): StepRefusal | null {
  const budget = config.perDay[channel];
  if (counts.service >= budget) return 'budget';
  if (counts.receiver >= config.perReceiverDay[channel]) return 'receiver';
  if (channel === 'call' && counts.sourceLastHour >= config.callsPerSourceHour) return 'source';
  if (counts.sender >= config.perSenderDay[channel]) return 'sender';
  const reserve = Math.floor(budget / RESERVE_DIVISOR);
  if (counts.sender > 0 && counts.service >= budget - reserve) return 'reserve';
  return null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The fallback ladder; `sweep` takes every step due now (tests call it instead of waiting). */
    fallbackLadder: { sweep(): Promise<void> };
  }
}

/**
 * No routes: the sweep of the fallback ladder (docs/fallback-ladder.md). A request that no
 * device of its receiver showed within FALLBACK_SMS_AFTER_S is sent to their phone by SMS; one they
 * neither opened nor answered within FALLBACK_CALL_AFTER_S gets an automatic call. Each step is claimed
 * in the database, so one instance takes it, and its sender is told live.
 */
export default fp(
  async function fallbackLadder(app: FastifyInstance, providers: LadderOptions) {
    const { db } = app.database;
    const config = app.config.fallback;
    const lastWarned = new Map<string, number>();

    function warnOnce(key: string, message: string, now: Date): void {
      const last = lastWarned.get(key);
      if (last !== undefined && now.getTime() - last < WARNING_GAP_MS) return;
      lastWarned.set(key, now.getTime());
      app.log.warn(message);
    }

    function warnOfBudget(channel: FallbackChannel, used: number, now: Date): void {
      const budget = config.perDay[channel];
      if (used >= budget) {
        warnOnce(`${channel}-spent`, `fallback ${channel}: the daily budget of ${budget} is spent`, now);
      } else if (used >= Math.ceil(budget * BUDGET_WARNING_SHARE)) {
        warnOnce(
          `${channel}-80`,
          `fallback ${channel}: ${used} of the daily budget of ${budget} used (FALLBACK_${channel === 'sms' ? 'SMS' : 'CALLS'}_PER_DAY)`,
          now,
        );
      }
    }

    /** Sends the step through its provider; false when the provider did not take it. */
    async function send(channel: FallbackChannel, step: DueStep): Promise<boolean> {
      try {
        if (channel === 'sms') {
          await providers.sms?.sendNotice({
            phone: step.phone,
            requestId: step.requestId,
            plate: step.plate,
            language: step.language,
            text: noticeText(step.language, step.plate),
          });
        } else if (providers.call) {
          const { callSid } = await providers.call.callFlow({ to: step.phone, requestId: step.requestId });
          await recordCallSid(db, step.requestId, callSid);
        }
        return true;
      } catch (error) {
        app.log.error(
          { err: error, requestId: step.requestId },
          `fallback ${channel}: the provider did not take it`,
        );
        await markStepFailed(db, step.requestId, channel);
        return false;
      }
    }

    async function takeSteps(channel: FallbackChannel, afterS: number): Promise<void> {
      const now = app.deps.now();
      const due = await dueSteps(db, channel, { afterS, perSenderDay: config.perSenderDay[channel] }, now);
      for (const step of due) {
        if (inQuietHours(step.quietHours, now)) continue;
        const { counts, refusal, taken } = await claimStep(db, channel, step, now, (counted) =>
          refusalOf(channel, counted, config),
        );
        if (refusal === 'budget') warnOfBudget(channel, counts.service, now);
        if (!taken) continue;
        warnOfBudget(channel, counts.service + 1, now);
        if (!(await send(channel, step))) continue;
        const changed = await changedRequest(db, step.requestId);
        if (changed) app.requestLifecycle.tellSender(changed);
      }
    }

    async function sweepOnce(): Promise<void> {
      if (providers.sms) await takeSteps('sms', config.smsAfterS);
      if (providers.call) await takeSteps('call', config.callAfterS);
    }

    const job = periodicJobOf(app, {
      name: 'the fallback ladder sweep',
      everyMs:
        providers.sms || providers.call
          ? Math.min(LADDER_SWEEP_MS, Math.min(config.smsAfterS, config.callAfterS) * 1000)
          : null,
      run: sweepOnce,
    });
    app.decorate('fallbackLadder', { sweep: job.runNow });
  },
  { name: 'fallback-ladder', dependencies: ['database', 'live-bus', 'request-lifecycle'] },
);
