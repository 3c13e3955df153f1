import { Form } from 'antd';
import { route } from '../api-client';
import { officeOption, personOption } from '../format';
import TypeaheadSelect, { AGED_REPORT_DEBOUNCE_MS } from './TypeaheadSelect';
import { useSession } from '../session-context';

/**
 * The holder selectors of the report filters (doc 1 §2.10-§2.13; doc 2 §2 sales reports and
 * summaries), each a Form.Item of the report's filter form, and the signed-in user's roles that
 * hide some of them (doc 1 §6, doc 2 §6). Shared by the inventory and sales reports.
 */

const users = route('GET', '/api/v1/userlist_based_on_role/:role');
const offices = route('GET', '/api/v1/reference/offices');
const iboMarkets = route('GET', '/api/v1/reference/ibo_marketers');
const retailers = route('GET', '/api/v1/reference/retailers');

/** The signed-in user's roles. */
export function useRoles(): readonly number[] {
  return useSession().user?.role_id ?? [];
}

/** A type-ahead's debounce: the aged reports wait 800 ms (doc 1 §2.13, §9), the others the default. */
export type Debounce = 'default' | 'aged';
const debounceOf = (debounce: Debounce) => (debounce === 'aged' ? AGED_REPORT_DEBOUNCE_MS : undefined);

/** Agent type-ahead (`agent_id`): 2 characters (doc 1 §5). */
export function AgentFilter({ debounce = 'default' }: { debounce?: Debounce }) {
  return (
    <Form.Item name="agent_id">
      <TypeaheadSelect aria-label="Agent" route={users} params={{ role: 'agent' }} toOption={personOption} debounceMs={debounceOf(debounce)} placeholder="Agent" />
    </Form.Item>
  );
}

/** Office type-ahead (`office_id`): 2 characters (doc 1 §5). */
export function OfficeFilter({ debounce = 'default' }: { debounce?: Debounce }) {
  return (
    <Form.Item name="office_id">
      <TypeaheadSelect aria-label="Office" route={offices} toOption={officeOption} debounceMs={debounceOf(debounce)} placeholder="Office" />
    </Form.Item>
  );
}

/** Manager select (`manager_id`): the office managers in scope, filtered as typed. */
export function ManagerFilter() {
  return (
    <Form.Item name="manager_id">
      <TypeaheadSelect aria-label="Manager" route={users} params={{ role: 'office_manager' }} search="client" toOption={personOption} placeholder="Manager" />
    </Form.Item>
  );
}

/** IBO/Market select (`ibo_marketer_id`). */
export function IboMarketFilter() {
  return (
    <Form.Item name="ibo_marketer_id">
      <TypeaheadSelect aria-label="IBO / Market" route={iboMarkets} search="client" placeholder="IBO / Market" />
    </Form.Item>
  );
}

/** Retailer select (`retailer_id`). */
export function RetailerFilter() {
  return (
    <Form.Item name="retailer_id">
      <TypeaheadSelect aria-label="Retailer" route={retailers} search="client" placeholder="Retailer" />
    </Form.Item>
  );
}
