import { route } from '../../app/api-client';
import AgedInventoryReport from './AgedInventoryReport';
import { OfficeFilter } from '../../app/report/holder-filters';

/** Aged Inventory By Offices (agedinventoryoffice, doc 1 §2.13): office type-ahead at 2 characters, 800 ms. */
export default function AgedByOfficePage() {
  return (
    <AgedInventoryReport
      title="Aged Inventory By Offices"
      list={route('GET', '/api/v1/aged_inventory_summary_reports/office')}
      exportRoute={route('GET', '/api/v1/aged_inventory_summary_reports_export/office')}
      drillRoute={route('GET', '/api/v1/aged/office/:id/:bucket/:Product_Type')}
      holder={{ title: 'Office Name', name: 'office_name', id: 'office_id' }}
      filter={<OfficeFilter debounce="aged" />}
    />
  );
}
