/** In the send modal's place once a request waits in the outbox: its state, and a way to cancel it. */
import { useLingui } from '@lingui/react';
import { outboxOutcomeText } from '#common/outbox/outcome-text';
import { Button } from '../../components/button';
import { cancelQueued } from '../../lib/outbox/outbox-queue';
import { useAtomValue } from '../../lib/store';
import { outboxAtom, outboxOutcomesAtom } from '../../lib/outbox/outbox-state';

export function QueuedRequestStatus({ itemKey }: { itemKey: string }) {
  const { i18n } = useLingui();
  const waiting = useAtomValue(outboxAtom).find((item) => item.key === itemKey);
  const outcome = useAtomValue(outboxOutcomesAtom).find((item) => item.key === itemKey);

  if (waiting) {
    return (
      <div className="stack queued-request" role="status">
        <p className="queued-request-title">{i18n._('outbox.waiting')}</p>
        <p className="muted">{i18n._('outbox.waitingHint')}</p>
        <Button onClick={() => void cancelQueued(itemKey)}>{i18n._('outbox.cancel')}</Button>
      </div>
    );
  }
  return (
    <p className="queued-request" role="status" data-outcome={outcome?.kind ?? 'cancelled'}>
      {outcome ? outboxOutcomeText(i18n, outcome) : i18n._('outbox.cancelled')}
    </p>
  );
}
