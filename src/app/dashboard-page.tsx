/** SPEC §2 /dashboard: the vehicle search panel above the How It Works panel. */
import { HowItWorks } from '../features/home/how-it-works';
import { SearchPanel } from '../features/search/search-panel';

export default function DashboardPage() {
  return (
    <div className="stack">
      <SearchPanel />
      <HowItWorks />
    </div>
  );
}
