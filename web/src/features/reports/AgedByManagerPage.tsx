import { route } from '../../app/api-client';
import AgedInventoryReport from './AgedInventoryReport';
import { ManagerFilter } from '../../app/report/holder-filters';

/** Aged Inventory By Managers (agedbymanager, doc 1 §2.13): manager select. */
export default function AgedByManagerPage() {
  return (
    <AgedInventoryReport
      title="Aged Inventory By Managers"
      list={route('GET', '/api/v1/aged_inventory_summary_reports/manager')}
      exportRoute={route('GET', '/api/v1/aged_inventory_summary_reports_export/manager')}
      drillRoute={route('GET', '/api/v1/aged/manager/:id/:bucket/:Product_Type')}
      holder={{ title: 'Manager Name', name: 'office_manager_name', id: 'office_manager_id' }}
      filter={<ManagerFilter />}
    />
  );
}
