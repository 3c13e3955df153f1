import { inventoryStatusName as named } from '@portal/contracts/inventory/device-custody';
import { INVENTORY_STATUS as S } from '@portal/contracts/inventory/inventory.codes';
import type { AgentAcceptBody, PartialAcceptBody } from '@portal/contracts/inventory/inventory.schemas';
import type { AgentCounts, AgentJobRow } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useEffect, useRef, useState } from 'react';
import { call, failureMessage, queryKey, route } from '../../app/api-client';
import { notice } from '../../app/notice';
import ReportPage from '../../app/report/ReportPage';
import ScanInput, { type ScanResolution } from '../../app/widgets/ScanInput';
import ForcedChangePasswordDialog from '../../app/password/ForcedChangePasswordDialog';
import { useCommand } from '../../app/command';
import { shownDate, shownDeviceType } from '../../app/format';
import CountCards, { type CountCard } from '../../app/widgets/CountCards';
import { DeviceSwapButton } from './DeviceSwapModal';
import ActionButton from '../../app/widgets/ActionButton';

const counts = route('GET', '/api/v1/agent/agentdashboard');
const jobs = route('GET', '/api/v1/agent/agentassignlist');
const accept = route('POST', '/api/v1/agent/accept');
const partialAccept = route('POST', '/api/v1/agent/partial_accept');
const inventory = route('GET', '/api/v1/agent/agentinventorylistv1');
const changed = [jobs, counts, inventory];

/** Doc 1 §5 partial accept messages (the second keeps the spec's spelling and trailing space). */
export const PARTIAL_ACCEPT_MESSAGES = { none: 'This field is required', all: "Don't Select All IMEI'S in list " } as const;

type AcceptRequest = Pick<AgentAcceptBody, 'agent_job_id'> & { imei: string[] };

const imeisOf = (job: AgentJobRow) => job.imei_device.map((device) => device.imei);

/** What Accept and Partial Accept say of scans (issue 27, docs/SCANNING.md). */
export const JOB_SCAN_MESSAGES = {
  notInJob: (code: string) => `IMEI ${code} is not in this job`,
  allScanned: 'Every IMEI of this job is scanned.',
  notScanned: (missing: readonly string[]) => `Not scanned yet: ${missing.join(', ')}`,
  confirmTitle: (missing: number) => `${missing} IMEI${missing === 1 ? ' of this job was' : 's of this job were'} not scanned`,
  confirmContent: (total: number) => `Accept takes all ${total} devices of the job. To keep only the devices you have, go Back and use Partial Accept.`,
} as const;

/** A scan on a job's dialog: an IMEI of the job, or refused in words. */
const scanOfJob =
  (all: readonly string[]) =>
  (code: string): ScanResolution =>
    all.includes(code) ? { imeis: [code] } : { refused: JOB_SCAN_MESSAGES.notInJob(code) };

/**
 * Accept (doc 1 §2.4; issue 27): the job's IMEIs, and a scan box to check the devices in hand
 * against them. "Accept all n" sends the same command as ever (every IMEI of the job). It is one
 * click when nothing was scanned (no scanner) or every IMEI was; when some were scanned and others
 * not, it asks first, naming how many are missing, so a short box is not accepted unseen.
 */
function AcceptJobModal({ job, onClose }: { job: AgentJobRow; onClose: () => void }) {
  const all = imeisOf(job);
  const command = useCommand<AcceptRequest>(accept, changed);
  const [scanned, setScanned] = useState<string[]>([]);
  const missing = all.filter((imei) => !scanned.includes(imei));
  const acceptAll = `Accept all ${all.length}`;
  const send = () => command.mutate({ imei: all, agent_job_id: job.job_id }, { onSuccess: onClose });

  return (
    <Modal
      open
      title={`Accept job of ${job.manager_name}`}
      okText={acceptAll}
      confirmLoading={command.isPending}
      onCancel={onClose}
      onOk={() => {
        if (scanned.length === 0 || missing.length === 0) return send();
        Modal.confirm({ title: JOB_SCAN_MESSAGES.confirmTitle(missing.length), content: JOB_SCAN_MESSAGES.confirmContent(all.length), okText: acceptAll, cancelText: 'Back', onOk: send });
      }}
    >
      <Typography.Paragraph>Scan the devices you received from {job.manager_name} to check them against the job, or accept it as listed.</Typography.Paragraph>
      <ScanInput label="Scan IMEIs" resolve={scanOfJob(all)} onChange={setScanned} />
      {scanned.length > 0 && (
        <Alert style={{ marginBottom: 8 }} showIcon type={missing.length === 0 ? 'success' : 'warning'} title={missing.length === 0 ? JOB_SCAN_MESSAGES.allScanned : JOB_SCAN_MESSAGES.notScanned(missing)} />
      )}
      <ul aria-label="IMEIs of this job" style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 320, overflow: 'auto' }}>
        {job.imei_device.map((device) => (
          <li key={device.imei}>
            {`${device.imei} (${shownDeviceType(device.device_type)}) `}
            {scanned.includes(device.imei) ? <Tag color="green">Scanned</Tag> : scanned.length > 0 && <Tag>Not scanned</Tag>}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/**
 * Doc 1 §2.4: the agent's tiles and where they lead, each titled by its status's one name (the
 * spec's "In Stock" tile counts status 5, Agent Received; "In Stock" is the whole group's name).
 */
function agentCards(data: AgentCounts | undefined): CountCard[] {
  return [
    { title: named(S.AGENT_RECEIVED), value: data?.In_stock, to: '/agent-Inventory' },
    { title: named(S.AGENT_PENDING), value: data?.Assigned },
    { title: named(S.AGENT_TRANSFER), value: data?.Transfer_device },
    { title: named(S.RMA), value: data?.RMA, to: '/agent-allrmareport' },
    { title: named(S.PENDING_RMA), value: data?.pending_rma, to: '/agent-allrmareport' },
    { title: named(S.DEVICE_SWAP), value: data?.device_swap },
  ];
}

/**
 * Partial Accept (doc 1 §2.4, §5; doc 2 §4): the agent ticks the IMEIs they keep — at least one,
 * not all. One command (POST partial_accept, ours) accepts the chosen ones and returns the rest
 * of the job to the manager, all or nothing; the server checks the same two rules.
 */
function PartialAcceptModal({ job, onClose }: { job: AgentJobRow; onClose: () => void }) {
  const [form] = Form.useForm<{ imei: string[] }>();
  const all = imeisOf(job);
  const command = useCommand<PartialAcceptBody>(partialAccept, changed);
  const scannedBefore = useRef<string[]>([]);

  return (
    <Modal open title="Partial Accept" okText="Submit" confirmLoading={command.isPending} onOk={() => form.submit()} onCancel={onClose}>
      <Typography.Paragraph>Tick or scan the IMEIs you received from {job.manager_name}; the others go back to the manager.</Typography.Paragraph>
      <ScanInput
        label="Scan IMEIs"
        resolve={scanOfJob(all)}
        onChange={(scanned) => {
          // A scan ticks its IMEI; taking a scan off the list unticks it. Ticks stay the answer.
          const ticked = (form.getFieldValue('imei') as string[] | undefined) ?? [];
          const dropped = scannedBefore.current.filter((imei) => !scanned.includes(imei));
          scannedBefore.current = scanned;
          form.setFieldValue('imei', [...new Set([...ticked.filter((imei) => !dropped.includes(imei)), ...scanned])]);
        }}
      />
      <Form form={form} layout="vertical" onFinish={({ imei }) => command.mutate({ agent_job_id: job.job_id, imei }, { onSuccess: onClose })}>
        <Form.Item
          name="imei"
          label="IMEIs"
          rules={[
            {
              validator: async (_rule, chosen: string[] | undefined) => {
                if (!chosen || chosen.length === 0) throw new Error(PARTIAL_ACCEPT_MESSAGES.none);
                if (chosen.length === all.length) throw new Error(PARTIAL_ACCEPT_MESSAGES.all);
              },
            },
          ]}
        >
          <Checkbox.Group
            // One column that scrolls down: antd's group wraps, and a long job's ticks spilled into columns past a phone's edge (issue 42).
            style={{ display: 'flex', flexDirection: 'column', flexWrap: 'nowrap', maxHeight: 320, overflow: 'auto' }}
            options={job.imei_device.map((device) => ({ value: device.imei, label: `${device.imei} (${shownDeviceType(device.device_type)})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The agent dashboard (doc 1 §2.4): the tiles, and the pending jobs with Accept and Partial Accept. */
export default function AgentDashboardPage() {
  const answer = useQuery({ queryKey: queryKey(counts), queryFn: () => call<{ data: AgentCounts }>(counts) });
  const [accepting, setAccepting] = useState<AgentJobRow>();
  const [partial, setPartial] = useState<AgentJobRow>();

  // Doc 1 §8: an agent dashboard failure shows 'Oops' with the server's error and 'Try Again!'.
  const { isError, error } = answer;
  useEffect(() => {
    if (isError) notice.failure(failureMessage(error));
  }, [isError, error]);

  const columns: ColumnsType<AgentJobRow> = [
    { title: 'Manager Name', dataIndex: 'manager_name', key: 'manager_name' },
    { title: 'Device Count', dataIndex: 'total_device_count', key: 'total_device_count' },
    { title: 'Device Type', key: 'device_type', render: (_value, job) => shownDeviceType([...new Set(job.imei_device.map((device) => device.device_type))].join(', ')) },
    { title: 'Date', dataIndex: 'created_at', key: 'created_at', render: (at: string) => shownDate(at) },
    {
      title: 'Action',
      key: 'action',
      // On a phone the answer buttons stay in view while the other columns scroll.
      fixed: 'right',
      render: (_value, job) => (
        <Space>
          <Button size="small" type="primary" onClick={() => setAccepting(job)} aria-label={`Accept job of ${job.manager_name}`}>
            Accept
          </Button>
          <ActionButton size="small" onClick={() => setPartial(job)} blockedBecause={job.imei_device.length < 2 && 'Partial Accept keeps some devices of a job and returns the rest: a job of one device can only be accepted whole.'} aria-label={`Partial Accept job of ${job.manager_name}`}>
            Partial Accept
          </ActionButton>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3}>Agent Dashboard</Typography.Title>
        <DeviceSwapButton holder="agent" />
      </Flex>
      <Flex vertical gap={16}>
        <CountCards cards={agentCards(answer.data?.data)} loading={answer.isPending} />
        <ReportPage<AgentJobRow> title="Pending Transfers" list={jobs} rowKey="job_id" columns={columns} />
      </Flex>
      {accepting && <AcceptJobModal job={accepting} onClose={() => setAccepting(undefined)} />}
      {partial && <PartialAcceptModal job={partial} onClose={() => setPartial(undefined)} />}
      <ForcedChangePasswordDialog />
    </div>
  );
}
