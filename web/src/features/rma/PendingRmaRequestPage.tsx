import type { RmaDeviceRow } from '@portal/contracts/rma/rma.views';
import { Button, Modal, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import RmaRequestsPage from './RmaRequestsPage';
import { ANSWER_CONFIRM, RMA_ANSWER, type RmaAnswer } from './rma-choices';

const list = route('GET', '/api/v1/manager/get_pending_rma_device_list');
const answerRequest = route('POST', '/api/v1/manager/accept_reject_rma_device');
/** An accepted request awaits Approve RMA and shows on the Approved RMA Request list. */
const alsoChanged = [route('GET', '/api/v1/manager/get_approved_rma_device_list_v2'), route('GET', '/api/v1/manager/get_rma_devices_for_approval')];

interface AnswerRequest {
  rma_device_id: string;
  status: RmaAnswer;
}

/**
 * Pending RMA Request (rmapendingrequest, doc 2 §2, §4): agents' RMA requests awaiting the
 * manager, in the shared request list (RmaRequestsPage), with Accept (status 2) and Decline
 * (status 3) per row, each after 'Are you sure?' / 'You want to do this task?'.
 */
export default function PendingRmaRequestPage() {
  const command = useCommand<AnswerRequest>(answerRequest, [list, ...alsoChanged]);
  const answer = (request: RmaDeviceRow, status: RmaAnswer) =>
    Modal.confirm({ title: ANSWER_CONFIRM.title, content: ANSWER_CONFIRM.content, okText: 'Yes', cancelText: 'No', onOk: () => command.mutate({ rma_device_id: request.id, status }) });

  const actions: ColumnsType<RmaDeviceRow> = [
    {
      title: 'Action',
      key: 'action',
      render: (_value, request) => (
        <Space>
          <Button size="small" type="primary" disabled={command.isPending} aria-label={`Accept RMA request of IMEI ${request.imei}`} onClick={() => answer(request, RMA_ANSWER.accept)}>
            Accept
          </Button>
          <Button size="small" danger disabled={command.isPending} aria-label={`Decline RMA request of IMEI ${request.imei}`} onClick={() => answer(request, RMA_ANSWER.decline)}>
            Decline
          </Button>
        </Space>
      ),
    },
  ];

  return <RmaRequestsPage title="Pending RMA Request" list={list} exportRoute={route('GET', '/api/v1/manager/pending_rma_device_list_export')} actions={actions} />;
}
