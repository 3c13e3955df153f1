import { inventoryStatusName } from '@portal/contracts/inventory/device-custody';
import { INVENTORY_STATUS as S } from '@portal/contracts/inventory/inventory.codes';
import type { AgentDeviceRow } from '@portal/contracts/inventory/inventory.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { Listed } from '@portal/contracts/platform/page';
import { MAX_PAGE_SIZE } from '@portal/contracts/reference/reference-lists';
import type { DetailedDeviceRow } from '@portal/contracts/reports/reports.views';
import { type DeviceSwapBody, deviceSwapBody } from '@portal/contracts/rma/rma.schemas';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { holdsAny } from '../../app/access';
import { call, route } from '../../app/api-client';
import { useCommand } from '../../app/command';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { checkedBy } from '../../app/schema-rule';
import { useSession } from '../../app/session-context';
import ScanInput, { type ScanResolution } from '../../app/widgets/ScanInput';

/** Who swaps: a manager from the manager stock of an office in scope (3), an agent from their own (5) (docs/RMA.md). */
export type SwapHolder = 'manager' | 'agent';

const detailedReport = route('GET', '/api/v1/detailed_inventory_report');
const agentStock = route('GET', '/api/v1/agent/agentinventorylistv1');

/** Each holder's command, the status their stock holds, where a scan is looked up, and the lists a swap changes. */
const HOLDERS: Record<SwapHolder, { command: ApiRoute; stock: number; reload: readonly ApiRoute[] }> = {
  manager: { command: route('POST', '/api/v1/manager/device_swap'), stock: S.MANAGER_RECEIVED, reload: [route('GET', '/api/v1/dashboard_count'), detailedReport] },
  agent: { command: route('POST', '/api/v1/agent/device_swap'), stock: S.AGENT_RECEIVED, reload: [route('GET', '/api/v1/agent/agentdashboard'), agentStock] },
};

/** Whether these roles may call the holder's swap route (its `access` in the route table): auditors and others see no button. */
export const maySwap = (holder: SwapHolder, roles: readonly number[]) => {
  const { access } = HOLDERS[holder].command;
  return typeof access !== 'string' && holdsAny(roles, access);
};

/** What the Device Swap dialog says of a scanned code it does not take (issue 27, docs/SCANNING.md). */
export const SWAP_MESSAGES = {
  oneSold: (kept: string) => `Take IMEI ${kept} off the list first: a swap takes one sold device`,
  oneReplacement: (kept: string) => `Take IMEI ${kept} off the list first: a swap hands over one replacement`,
  sameDevice: (imei: string) => `IMEI ${imei} is already the other device of this swap: the replacement must be another device`,
  notSold: (imei: string, status: string) => `IMEI ${imei} cannot be swapped: it is ${status}, not sold`,
  soldNotSeen: (imei: string) => `IMEI ${imei} is not a device of your offices`,
  notInStock: (imei: string, holder: SwapHolder) =>
    holder === 'agent' ? `IMEI ${imei} is not in your stock: it is not one of your devices` : `IMEI ${imei} is not in your stock: none of your offices holds it`,
  wrongStatus: (imei: string, status: string, holder: SwapHolder) =>
    `IMEI ${imei} is ${status}: only a device in ${inventoryStatusName(HOLDERS[holder].stock)} status (your stock) can be handed over`,
  agentSold: 'Checked when you submit: your screens cannot tell whether a device is sold.',
} as const;

/** A scan's shape, by the server's own rule (contracts' deviceSwapBody): refused in its words before anything is asked. */
const shapeProblem = (code: string) => {
  const checked = deviceSwapBody.shape.sold_imei.safeParse(code);
  return checked.success ? undefined : checked.error.issues[0]?.message;
};

/** The device of exactly this IMEI in the caller's scope, from the detailed report (its `imei` filter holds a part). */
async function reportedDevice(imei: string): Promise<DetailedDeviceRow | undefined> {
  const answer = await call<Listed<DetailedDeviceRow>>(detailedReport, { query: { imei, page: 1, results: MAX_PAGE_SIZE } });
  return answer.items.data.find((row) => row.imei === imei);
}

/** A keyword is read a page of 100 at a time, at most this many pages. */
const PAGES_MAX = 10;

/** The agent's own device of exactly this IMEI, from their inventory list (its keyword holds a part of an IMEI or carton). */
async function agentDevice(imei: string): Promise<AgentDeviceRow | undefined> {
  for (let page = 1; page <= PAGES_MAX; page++) {
    const answer = await call<Listed<AgentDeviceRow>>(agentStock, { query: { keyword: imei, page, results: MAX_PAGE_SIZE } });
    const device = answer.items.data.find((row) => row.imei === imei);
    if (device || answer.items.data.length < MAX_PAGE_SIZE) return device;
  }
  return undefined;
}

/** The replacement: a device of the caller's own stock (agent 5, from their list; manager 3, from the detailed report). */
async function resolveReplacement(holder: SwapHolder, imei: string): Promise<ScanResolution> {
  const device = holder === 'agent' ? await agentDevice(imei) : await reportedDevice(imei);
  if (!device) return { refused: SWAP_MESSAGES.notInStock(imei, holder) };
  if (device.status !== HOLDERS[holder].stock) return { refused: SWAP_MESSAGES.wrongStatus(imei, device.status_name, holder) };
  return { imeis: [imei] };
}

/** The sold device: a manager's is Sold in the detailed report; an agent's lists show no sold device, so the server decides on Submit. */
async function resolveSold(holder: SwapHolder, imei: string): Promise<ScanResolution> {
  if (holder === 'agent') return { imeis: [imei] };
  const device = await reportedDevice(imei);
  if (!device) return { refused: SWAP_MESSAGES.soldNotSeen(imei) };
  if (device.status !== S.SOLD) return { refused: SWAP_MESSAGES.notSold(imei, device.status_name) };
  return { imeis: [imei] };
}

/**
 * One IMEI of the form, taken from the one scan input (a USB scanner's code and Enter, its Camera,
 * or typing and Enter): the field's value is the accepted scan; a second accepted code is refused
 * until the first is taken off the list, and taking it off empties the field.
 */
function ScannedImeiField({
  label,
  placeholder,
  resolve,
  oneOnly,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  resolve: (code: string) => Promise<ScanResolution>;
  oneOnly: (kept: string) => string;
  /** Given by the Form.Item. */
  value?: string;
  onChange?: (imei: string | undefined) => void;
}) {
  // The accepted code, known at once (the list's onChange comes a render later): a burst keeps only its first.
  const kept = useRef<string | undefined>(undefined);
  const take = async (code: string): Promise<ScanResolution> => {
    if (kept.current !== undefined) return { refused: oneOnly(kept.current) };
    const resolution = await resolve(code);
    if (!('imeis' in resolution)) return resolution;
    if (kept.current !== undefined) return { refused: oneOnly(kept.current) };
    kept.current = code;
    return resolution;
  };
  return (
    <ScanInput
      label={label}
      placeholder={placeholder}
      resolve={take}
      onChange={(imeis) => {
        kept.current = imeis[0];
        if (imeis[0] !== value) onChange?.(imeis[0]);
      }}
    />
  );
}

interface SwapForm {
  sold_imei?: string;
  replacement_imei?: string;
  reason?: string;
}

const { shape } = deviceSwapBody;

/**
 * Device Swap (doc 1 §2.4 Device Swap; docs/RMA.md; issue 27): the sold device a customer brings
 * back (8, becomes 15) and the replacement handed over from the caller's own stock (becomes 8 with
 * the original activation), and the reason. Each IMEI is scanned or typed into the one scan input
 * and checked at once where the caller's screens can read it: the replacement against their stock,
 * a manager's sold device against the detailed report; the same IMEI twice is refused. Submit sends
 * the holder's device_swap; the server's message follows and the dashboard's counts reload, or its
 * refusal shows in the 'Oops' popup.
 */
export default function DeviceSwapModal({ holder, onClose }: { holder: SwapHolder; onClose: () => void }) {
  const [form] = Form.useForm<SwapForm>();
  const { command: api, reload } = HOLDERS[holder];
  const command = useCommand<DeviceSwapBody>(api, reload);

  /** The other field already holds this IMEI: refused, whatever the lookup would say. */
  const guarded = (other: keyof SwapForm, resolve: (imei: string) => Promise<ScanResolution>) => async (code: string) => {
    const problem = shapeProblem(code);
    if (problem) return { refused: problem };
    if (form.getFieldValue(other) === code) return { refused: SWAP_MESSAGES.sameDevice(code) };
    return resolve(code);
  };

  const send = (values: SwapForm) => {
    if (!passesSchema(form, deviceSwapBody, values)) return;
    command.mutate(deviceSwapBody.parse(values), { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <Modal open title="Device Swap" okText="Submit" confirmLoading={command.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>Scan or type the sold device the customer brings back, then the device you hand over from your stock.</Typography.Paragraph>
      <Form<SwapForm> form={form} name="device-swap" layout="vertical" onFinish={send}>
        <Form.Item name="sold_imei" label="Sold IMEI" required rules={[checkedBy(shape.sold_imei)]} extra={holder === 'agent' ? SWAP_MESSAGES.agentSold : undefined}>
          <ScannedImeiField
            label="Sold IMEI"
            placeholder="Scan or type the sold IMEI, then Enter"
            oneOnly={SWAP_MESSAGES.oneSold}
            resolve={guarded('replacement_imei', (imei) => resolveSold(holder, imei))}
          />
        </Form.Item>
        <Form.Item
          name="replacement_imei"
          label="Replacement IMEI"
          required
          rules={[
            checkedBy(shape.replacement_imei),
            ({ getFieldValue }) => ({
              validator: async (_rule, imei: string | undefined) => {
                if (imei !== undefined && imei === getFieldValue('sold_imei')) throw new Error(SWAP_MESSAGES.sameDevice(imei));
              },
            }),
          ]}
        >
          <ScannedImeiField
            label="Replacement IMEI"
            placeholder="Scan or type the replacement IMEI, then Enter"
            oneOnly={SWAP_MESSAGES.oneReplacement}
            resolve={guarded('sold_imei', (imei) => resolveReplacement(holder, imei))}
          />
        </Form.Item>
        <Form.Item name="reason" label="Reason" required rules={[checkedBy(shape.reason)]}>
          <Input.TextArea placeholder="Why the device is swapped" maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** "Swap a device" on a dashboard: shown only to the roles the holder's swap route admits; it opens the Device Swap dialog. */
export function DeviceSwapButton({ holder }: { holder: SwapHolder }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!maySwap(holder, user?.role_id ?? [])) return null;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        Swap a device
      </Button>
      {open && <DeviceSwapModal holder={holder} onClose={() => setOpen(false)} />}
    </>
  );
}
