import type { InventoryOrderRow, OrderComment, OrderLogEntry } from '@portal/contracts/orders/orders.views';
import { act, fireEvent, screen } from '@testing-library/react';
import { option } from '../../app/testing/report.test-util';

/** A device order as Order Devices lists it: pending at the IBO manager, SIMs only, for an office in Texas. */
export const inventoryOrder = (id: string, orderPrefix: string, overrides: Partial<InventoryOrderRow> = {}): InventoryOrderRow => ({
  id,
  order_prefix: orderPrefix,
  status: 1,
  status_text: 'Pending Approval',
  approval_status: 1,
  office_id: 'office-austin-north',
  office_name: 'Austin North',
  office_number: 'TX-1',
  office_state: 'TX',
  ibo_marketer_name: 'Texas Market',
  requested_by: 'u2',
  requested_by_name: 'Mo Manager',
  created_at: '2025-05-06T10:00:00.000Z',
  method_of_delivery: 4,
  method_of_delivery_text: 'Shipping to Business Location',
  tracking_number: null,
  admin_comments: null,
  ship_to_name: 'Austin North',
  company_name: null,
  address: '1 Main St',
  address2: null,
  address3: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  contact_phone_number: '5125550100',
  email: 'austin@example.com',
  devices_requested: 0,
  tablets_requested: 0,
  sims_requested: 20,
  devices_approved: 0,
  tablets_approved: 0,
  sims_approved: 20,
  devices_received: null,
  tablets_received: null,
  sims_received: null,
  version: 1,
  attachments_list: [],
  comments_exists: 0,
  ...overrides,
});

/** One step of an order's log. */
export const logEntry = (description: string, overrides: Partial<OrderLogEntry> = {}): OrderLogEntry => ({
  inventory_request_order_id: 'o-1',
  description,
  requested_devices: 10,
  requested_tablets: 0,
  requested_sims: 20,
  updated_devices: 10,
  updated_tablets: 0,
  updated_sims: 20,
  updated_address: null,
  approved_user_name: 'Mo Manager',
  comments: null,
  status_text: 'Pending Approval',
  created_at: '2025-05-06T10:00:00.000Z',
  version: 1,
  superseded: false,
  ...overrides,
});

export const comment = (comments: string, overrides: Partial<OrderComment> = {}): OrderComment => ({ created_at: '2025-05-07T10:00:00.000Z', comments, commented_by_name: 'Ivy IBO', ...overrides });

/** A drawer field by its label (inputs, number inputs, text areas). */
export const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });

/** Picks an option of a form Select found by its label. */
export async function chooseIn(label: string, text: string, search?: string) {
  const input = screen.getByLabelText(label, { selector: 'input[role=combobox]' });
  fireEvent.mouseDown(input);
  if (search) fireEvent.change(input, { target: { value: search } });
  fireEvent.click(await option(input, text));
}

/** Types into a type-ahead's input, waits past its debounce, and picks an option. */
export async function typeAndPick(input: HTMLInputElement, typed: string, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: typed } });
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  fireEvent.click(await option(input, text));
}
