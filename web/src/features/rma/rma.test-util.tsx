import type { RmaCandidateRow, RmaDeviceRow, RmaDeviceStatusRow, RmaOrderRow } from '@portal/contracts/rma/rma.views';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';

/** A device Initiate RMA offers. */
export const candidate = (imei: string, overrides: Partial<RmaCandidateRow> = {}): RmaCandidateRow => ({
  imei,
  office_name: 'Austin North',
  office_number: 'TX-1',
  agent_name: null,
  device_age: 12,
  status: 3,
  status_name: 'Manager Received',
  carton_number: 'C-100',
  ...overrides,
});

/** An RMA device as the RMA lists answer it. */
export const rmaDevice = (id: string, imei: string, overrides: Partial<RmaDeviceRow> = {}): RmaDeviceRow => ({
  id,
  imei,
  office_id: 'office-austin-north',
  office_name: 'Austin North',
  office_number: 'TX-1',
  agent_name: 'Ann Agent',
  manager_name: 'Mo Manager',
  status: 1,
  status_text: 'Pending',
  opened_by: 'agent',
  awaiting_manager: true,
  reason: 'Screen Damaged',
  reason_text: 'Screen Damaged',
  reason_two_text: null,
  notes: null,
  comments: null,
  created_at: '2025-05-06T10:00:00.000Z',
  created_date: '2025-05-06',
  device_image_url: null,
  rma_prefix: null,
  order_status_text: null,
  ...overrides,
});

/** An RMA device as the RMA device Status report answers it. */
export const rmaDeviceStatus = (id: string, imei: string, overrides: Partial<RmaDeviceStatusRow> = {}): RmaDeviceStatusRow => ({
  ...rmaDevice(id, imei, { status: 2, status_text: 'Approved' }),
  device_age: 40,
  status_name: 'RMA',
  carton: 'C-100',
  ...overrides,
});

/** An RMA order as RMA Status answers it: submitted by someone else than the test's signed-in user (u1). */
export const rmaOrder = (id: string, rmaPrefix: string, overrides: Partial<RmaOrderRow> = {}): RmaOrderRow => ({
  id,
  rma_prefix: rmaPrefix,
  status: 1,
  order_status_text: 'Submitted',
  ibo_market_name: 'Texas Market',
  office_name: 'Austin North',
  office_number: 'TX-1',
  submitted_user_name: 'Mo Manager',
  submitted_user_id: 'u2',
  no_of_boxes: 2,
  rma_device_count: 3,
  approved_at: null,
  comments: null,
  rma_form_url: `/api/v1/rma_orders/${id}/documents/rma_form?expires=1&signature=abc`,
  rma_shipping_label_url: null,
  attachments_list: [],
  created_at: '2025-05-06T10:00:00.000Z',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  missing_imeis: [],
  ...overrides,
});

/** Shows where the router is and the state it was given (a screen link's `cameFrom`). */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}
export const where = () => screen.getByTestId('where').textContent;

/** A field of the Initiate RMA drawer's n-th IMEI block (0-based), by its form id. */
export const entryField = (index: number, field: 'imei' | 'reason' | 'reason_two' | 'notes') => document.getElementById(`rma-initiation_devices_${index}_${field}`) as HTMLInputElement;


/** Scans codes into the scan box labelled `label`, as a keyboard-wedge scanner does: the code, then Enter (issue 27). */
export function scan(label: string, ...codes: string[]): void {
  const box = screen.getByLabelText(label, { selector: 'input' });
  for (const code of codes) {
    fireEvent.change(box, { target: { value: code } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
}

/** The Initiate RMA list as the server answers it: by a part of an IMEI, by a whole carton number, or else `firstPage`. */
export const candidatesAnswer = (all: readonly RmaCandidateRow[], firstPage: RmaCandidateRow[] = [...all]) => (query: URLSearchParams) => {
  const imei = query.get('imei');
  const carton = query.get('carton');
  const rows = imei ? all.filter((row) => row.imei.includes(imei)) : carton ? all.filter((row) => row.carton_number === carton) : firstPage;
  return { items: { data: rows, total: rows.length, current_page: 1 } };
};
