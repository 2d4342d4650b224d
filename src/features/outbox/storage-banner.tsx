/**
 * Says that the device's storage failed and what to do about it: while it fails, a message sent
 * offline cannot wait for the network, and the signed-in copy is not kept for the next start.
 */
import { useLingui } from '@lingui/react';
import type { StorageProblem } from '../../lib/storage-problem';

export function StorageBanner({ problem }: { problem: StorageProblem }) {
  const { i18n } = useLingui();
  return (
    <p className="offline-banner" role="alert">
      {problem === 'full' ? i18n._('outbox.storageFull') : i18n._('outbox.storageFailing')}
    </p>
  );
}
