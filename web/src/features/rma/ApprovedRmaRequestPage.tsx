import { route } from '../../app/api-client';
import RmaRequestsPage from './RmaRequestsPage';

/**
 * Approved RMA Request (rmarequest, doc 2 §2): RMA requests cleared to go ahead — agents' requests
 * the manager accepted, and the manager's own (Create RMA returns here) — pending approval or
 * approved.
 */
export default function ApprovedRmaRequestPage() {
  return (
    <RmaRequestsPage
      title="Approved RMA Request"
      list={route('GET', '/api/v1/manager/get_approved_rma_device_list_v2')}
      exportRoute={route('GET', '/api/v1/manager/approved_rma_device_list_export_v2')}
    />
  );
}
