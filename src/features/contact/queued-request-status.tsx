/** In the send modal's place once a request waits in the outbox: its state, and a way to cancel it. */
import { cancelQueued } from '../../state/outbox-queue';
import { useAtomValue } from '../../lib/store';
import { OUTBOX_TEXTS, outboxOutcomeText } from '../../lib/texts';
import { outboxAtom, outboxOutcomesAtom } from '../../state/outbox';

export function QueuedRequestStatus({ itemKey }: { itemKey: string }) {
  const waiting = useAtomValue(outboxAtom).find((item) => item.key === itemKey);
  const outcome = useAtomValue(outboxOutcomesAtom).find((item) => item.key === itemKey);

  if (waiting) {
    return (
      <div className="stack queued-request" role="status">
        <p className="queued-request-title">{OUTBOX_TEXTS.waiting}</p>
        <p className="muted">{OUTBOX_TEXTS.waitingHint}</p>
        <button type="button" className="button" onClick={() => void cancelQueued(itemKey)}>
          {OUTBOX_TEXTS.cancel}
        </button>
      </div>
    );
  }
  return (
    <p className="queued-request" role="status" data-outcome={outcome?.kind ?? 'cancelled'}>
      {outcome ? outboxOutcomeText(outcome) : OUTBOX_TEXTS.cancelled}
    </p>
  );
}
