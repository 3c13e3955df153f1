import { route } from '../../app/api-client';
import AgedInventoryReport from './AgedInventoryReport';
import { IboMarketFilter } from '../../app/report/holder-filters';

/** Aged Inventory By IBOs/Markets (agedinventorymarket, roles 11 and 12; doc 1 §2.13): IBO/Market select. */
export default function AgedByIboPage() {
  return (
    <AgedInventoryReport
      title="Aged Inventory By IBOs/Markets"
      list={route('GET', '/api/v1/aged_inventory_summary_reports/ibo_marketer')}
      exportRoute={route('GET', '/api/v1/aged_inventory_summary_reports_export/ibo_marketer')}
      drillRoute={route('GET', '/api/v1/aged/ibo/:id/:bucket/:Product_Type')}
      holder={{ title: 'IBO / Market', name: 'ibo_name', id: 'ibo_marketer_id' }}
      filter={<IboMarketFilter />}
    />
  );
}
