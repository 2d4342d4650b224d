/** /vehicleSearch: the dashboard's search panel on a page of its own. */
import { useLingui } from '@lingui/react';
import { SearchPanel } from './search-panel';

export default function VehicleSearchPage() {
  const { i18n } = useLingui();
  return (
    <div className="search-page">
      <h1 className="visually-hidden">{i18n._('search.pageTitle')}</h1>
      <SearchPanel />
    </div>
  );
}
