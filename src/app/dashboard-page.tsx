/** SPEC §2 /dashboard: the vehicle search panel above the How It Works panel; above both, the latest request while it waits for an answer. */
import { RequestStatus } from '../components/request-status';
import { HowItWorks } from '../features/home/how-it-works';
import { SearchPanel } from '../features/search/search-panel';
import { useAtomValue } from '../lib/store';
import { latestOpenRequestAtom } from '../state/sent-requests';
import { useSnapshotTakeover } from './snapshot-takeover';
import { useStartSnapshot } from './start-snapshot';

export default function DashboardPage() {
  const openRequest = useAtomValue(latestOpenRequestAtom);
  useSnapshotTakeover();
  useStartSnapshot();
  return (
    <div className="stack">
      {openRequest && <RequestStatus request={openRequest} />}
      <SearchPanel />
      <HowItWorks />
    </div>
  );
}
