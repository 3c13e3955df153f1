import type { UserRow } from '@portal/contracts/admin/admin.views';
import { ROLE, ROLE_IDS, ROLE_NAMES } from '@portal/contracts/platform/roles';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { renderWithClient } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { signIn } from '../../app/testing/page.test-util';

export const USERS = '/api/v1/users';

/** An agent of Austin North (Texas Market), as the Users list answers it. */
export const userRow = (id: string, change: Partial<UserRow> = {}): UserRow => ({
  id,
  first_name: 'Ann',
  middle_name: null,
  last_name: 'Agent',
  email: `${id}@demo.test`,
  mobile_number: '5125550100',
  role_info: [{ role_id: ROLE.AGENT, role_name: 'Agent' }],
  office_id: 'o-1',
  office_number: 'TX-1',
  office_name: 'Austin North',
  office_mapping_info: [],
  ibo_marketer_id: 'i-1',
  user_ibo_market_name: 'Texas Market',
  retailer_id: 'r-1',
  distributor_id: 'd-1',
  master_agent_id: 'm-1',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  gender_id: 2,
  dob: '2001-04-20',
  application_date: '2024-03-01',
  rad: 'RAD123',
  promo_code: null,
  excess_code: 'ETC-9',
  status: 1,
  status_text: 'Active',
  updated_at: '2025-05-06T10:00:00.000Z',
  created_at: '2025-01-02T10:00:00.000Z',
  ...change,
});

/** The lookups the Users screens read. */
export function lookups(path: string): unknown {
  if (path === '/api/v1/roles') return { data: ROLE_IDS.map((id, level) => ({ id, name: ROLE_NAMES[id], level })) };
  if (path === '/api/v1/reference/ibo_marketers') return { data: [{ id: 'i-1', name: 'Texas Market' }, { id: 'i-2', name: 'Gulf Market' }] };
  if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-1', name: 'Austin North', office_number: 'TX-1' }, { id: 'o-2', name: 'Houston', office_number: 'TX-2' }] };
  return undefined;
}

/** Where the screen went: the path, and the user passed in router state. */
function Where() {
  const location = useLocation();
  const employee = (location.state as { employee?: UserRow } | null)?.employee;
  return <div data-testid="where">{`${location.pathname}${employee ? ` ${employee.id}` : ''}`}</div>;
}
export const where = () => screen.getByTestId('where').textContent;

/** Renders a screen at `path` (with router state) signed in with `roles`; any other path shows where the screen went. */
export function renderScreen(ui: ReactElement, { roles, path, state }: { roles: number[]; path: string; state?: unknown }) {
  signIn(roles);
  return renderWithClient(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <SessionProvider>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

/** The button showing this text (cheaper than a role query over a table). */
export const buttonOf = (text: string) => screen.getByText(text, { selector: 'button, button *' }).closest('button')!;

/** The form item with this label. */
export const itemOf = (label: string) => screen.getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-form-item')!;

/** The search input of the select in the form item with this label (a type-ahead takes no id from its Form.Item). */
export const selectInItem = (label: string) => itemOf(label).querySelector<HTMLInputElement>('input')!;

/** The validation messages the form shows. */
export const errorsShown = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent);

/**
 * Opens a select and clicks one of its options; with `typed`, types it and waits past the
 * type-ahead's debounce first. The option is looked for in every open dropdown: two type-aheads
 * of one form share jsdom's generated id (TypeaheadSelect takes none), so `aria-controls` may
 * point at the other's list.
 */
export async function choose(input: HTMLInputElement, text: string, typed?: string) {
  fireEvent.mouseDown(input);
  if (typed !== undefined) {
    fireEvent.change(input, { target: { value: typed } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  }
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].filter((element) => element.textContent === text).at(-1);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(item);
}

/**
 * Clicks `trigger`, waits for the confirm dialog it opens, and answers its title and its Yes button.
 */
export async function openConfirm(trigger: HTMLElement) {
  const before = new Set(document.querySelectorAll('.ant-modal-confirm'));
  fireEvent.click(trigger);
  const dialog = await waitFor(() => {
    const opened = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((element) => !before.has(element));
    if (!opened) throw new Error('no new confirm dialog');
    return opened;
  });
  const button = (text: 'Yes' | 'No') => [...dialog.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns button')].find((element) => element.textContent === text)!;
  return { title: dialog.querySelector('.ant-modal-confirm-title')?.textContent, yes: () => fireEvent.click(button('Yes')), no: () => fireEvent.click(button('No')) };
}
