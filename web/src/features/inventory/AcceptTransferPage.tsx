import type { AnswerTransferBody } from '@portal/contracts/inventory/inventory.schemas';
import type { TransferRequestRow } from '@portal/contracts/inventory/inventory.views';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import { useCommand } from '../../app/command';
import { shownDate } from '../../app/format';
import ImeiListDrawer from './ImeiListDrawer';

const list = route('GET', '/api/v1/manager/transfer_request');
const answerTransfer = route('POST', '/api/v1/manager/accept_transfer');

/** Accept sends status 1, reject status 2 (doc 1 §4). */
const ACCEPT = 1;
const REJECT = 2;

/**
 * Accept Transfer (TransferRequest, doc 1 §2.7): agents' transfers back to the manager, searched
 * by agent name, with Accept and Reject (each confirmed first), the IMEI list drawer and Export.
 */
export default function AcceptTransferPage() {
  const [viewing, setViewing] = useState<TransferRequestRow>();
  const command = useCommand<AnswerTransferBody>(answerTransfer, [list]);
  const answer = (request: TransferRequestRow, status: typeof ACCEPT | typeof REJECT) => command.mutate({ transfer_job_id: request.transfer_job_id, status });

  const columns: ColumnsType<TransferRequestRow> = [
    { title: 'Agent Name', dataIndex: 'agent_name', key: 'agent_name' },
    { title: 'Office Name', dataIndex: 'office_name', key: 'office_name' },
    { title: 'Device Count', dataIndex: 'transfer_count', key: 'transfer_count' },
    { title: 'Reason', dataIndex: 'reason', key: 'reason' },
    { title: 'Created Date', dataIndex: 'created_date', key: 'created_date', render: (at: string) => shownDate(at) },
    {
      title: 'Action',
      key: 'action',
      render: (_value, request) => (
        <Space>
          <Button size="small" onClick={() => setViewing(request)} aria-label={`View IMEIs of ${request.agent_name}`}>
            View
          </Button>
          <Popconfirm title="Are you sure you want to accept this transfer?" okText="Yes" cancelText="No" onConfirm={() => answer(request, ACCEPT)}>
            <Button size="small" type="primary" aria-label={`Accept transfer of ${request.agent_name}`}>
              Accept
            </Button>
          </Popconfirm>
          <Popconfirm title="Are you sure you want to reject this transfer?" okText="Yes" cancelText="No" onConfirm={() => answer(request, REJECT)}>
            <Button size="small" danger aria-label={`Reject transfer of ${request.agent_name}`}>
              Reject
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ReportPage<TransferRequestRow>
        title="Accept Transfer"
        list={list}
        exportRoute={route('GET', '/api/v1/manager/accept_transfer_request_list_export')}
        rowKey="transfer_job_id"
        columns={columns}
        filters={
          <Form.Item name="keyword">
            <Input placeholder="Search by agent name" allowClear />
          </Form.Item>
        }
      />
      <ImeiListDrawer devices={viewing?.imei.map((imei) => ({ imei }))} subtitle={viewing && `Transfer from ${viewing.agent_name}`} onClose={() => setViewing(undefined)} />
    </>
  );
}
