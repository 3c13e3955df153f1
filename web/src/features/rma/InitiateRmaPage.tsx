import { Space } from 'antd';
import { route } from '../../app/api-client';
import RmaCandidatesScreen from './RmaCandidatesScreen';
import ScreenButton from './ScreenButton';

/**
 * The manager's Initiate RMA (rmainitiaterequest, doc 2 §2): the devices an RMA can be initiated
 * for, with Export Report and the bulk drawer (Apply to All). Pending RMA Request, Approve RMA and
 * the Approved RMA Request list have no menu entry: a manager reaches them from here.
 */
export default function InitiateRmaPage() {
  return (
    <RmaCandidatesScreen
      list={route('GET', '/api/v1/manager/get_device_list_to_initiate_rma_v2')}
      exportRoute={route('GET', '/api/v1/manager/device_list_to_initiate_rma_export_v2')}
      command={route('POST', '/api/v1/manager/rma_device_request_v2')}
      alsoReload={[route('GET', '/api/v1/manager/get_rma_devices_for_approval')]}
      drawer={{ applyToAll: true }}
      header={
        <Space wrap>
          <ScreenButton to="/rmapendingrequest">Pending RMA Request</ScreenButton>
          <ScreenButton to="/approvedrma">Approve RMA</ScreenButton>
          <ScreenButton to="/rmarequest">Approved RMA Request</ScreenButton>
        </Space>
      }
    />
  );
}
