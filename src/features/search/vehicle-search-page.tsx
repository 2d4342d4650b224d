/** /vehicleSearch: the dashboard's search panel on a page of its own. */
import { SearchPanel } from './search-panel';

export default function VehicleSearchPage() {
  return (
    <div className="search-page">
      <h1 className="visually-hidden">Search Vehicles</h1>
      <SearchPanel />
    </div>
  );
}
