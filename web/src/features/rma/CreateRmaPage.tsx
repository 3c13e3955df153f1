import { route } from '../../app/api-client';
import RmaForm from './RmaForm';

/** Create RMA (createrma, doc 2 §2): reached by Initiate RMA on Pending and Approved RMA Request; after submit it returns to /rmarequest. */
export default function CreateRmaPage() {
  return (
    <RmaForm
      title="Create RMA"
      command={route('POST', '/api/v1/manager/create_rma')}
      reload={[route('GET', '/api/v1/manager/get_rma_devices_for_approval'), route('GET', '/api/v1/manager/get_approved_rma_device_list_v2'), route('GET', '/api/v1/manager/get_device_list_to_initiate_rma_v2')]}
      after="/rmarequest"
      candidates={route('GET', '/api/v1/manager/get_device_list_to_initiate_rma_v2')}
    />
  );
}
