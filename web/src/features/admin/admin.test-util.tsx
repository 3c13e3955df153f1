import { usStates } from '@portal/contracts/admin/admin.codes';
import type { MarketRow, UserRow } from '@portal/contracts/admin/admin.views';
import { ROLE, ROLE_IDS, ROLE_NAMES } from '@portal/contracts/platform/roles';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { renderWithClient } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { signIn } from '../../app/testing/page.test-util';
import type { OfficeRow } from '@portal/contracts/admin/admin.views';

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
  if (path === '/api/v1/reference/retailers') return { data: [{ id: 'r-1', name: 'Lone Star Retail' }, { id: 'r-2', name: 'Gulf Retail' }] };
  if (path === '/api/v1/reference/us_states_lifeline' || path === '/api/v1/reference/short_us_states') return { data: usStates };
  const people = PEOPLE[path.replace('/api/v1/userlist_based_on_role/', '')];
  if (people) return { data: people.map(([id, first_name, last_name]) => ({ id, first_name, last_name, full_name: `${first_name} ${last_name}`, office_id: null, office_number: null })) };
  return undefined;
}

/** The people lookups (GET userlist_based_on_role/:role) answer. */
const PEOPLE: Record<string, [string, string, string][]> = {
  ibo_manager: [['p-ibo-1', 'Ida', 'Ibo'], ['p-ibo-2', 'Ian', 'Ibo']],
  office_manager: [['p-om-1', 'Olga', 'Manager'], ['p-om-2', 'Omar', 'Manager']],
  office_supervisor: [['p-os-1', 'Sue', 'Supervisor']],
};

export const MARKETS = '/api/v1/ibo_marketers';
export const OFFICES = '/api/v1/offices';

/** Send Document, Accept/Reject, and the filled copy's link (asked with the signed-in user's own id, page.test-util's 'u1'). */
export const SEND_DOCUMENT = '/api/v1/senddocument';
export const ACCEPT_REJECT = '/api/v1/accept_reject';
export const FILLED_COPY = '/api/v1/get_document/u1';
export const FILLED_URL = '/api/v1/documents/files/filled/f-1?expires=1&signature=s';

/** Texas Market of Lone Star Retail, as the IBO/Market list answers it. */
export const marketRow = (id: string, change: Partial<MarketRow> = {}): MarketRow => ({
  id,
  name: 'Texas Market',
  retailer_id: 'r-1',
  status: 1,
  get_manager_info: [{ user_id: 'p-ibo-1', name: 'Ida Ibo' }],
  get_supervisor_info: [{ user_id: 'p-os-1', name: 'Sue Supervisor' }],
  master_agent_name: 'Prime Master',
  distributor_name: 'Central Distribution',
  retailer_name: 'Lone Star Retail',
  created_at: '2025-01-02T10:00:00.000Z',
  form_status: null,
  form_id: null,
  ...change,
});

/** Austin North (TX-1) of Texas Market, as the Office list answers it. */
export const officeRow = (id: string, change: Partial<OfficeRow> = {}): OfficeRow => ({
  id,
  name: 'Austin North',
  office_number: 'TX-1',
  state_short_name: 'TX',
  ibo_marketer_id: 'i-1',
  ibo_marketer_name: 'Texas Market',
  status: 1,
  lifeline_status: 1,
  get_manager_info: [{ user_id: 'p-om-1', name: 'Olga Manager' }],
  get_supervisor_info: [{ user_id: 'p-os-1', name: 'Sue Supervisor' }],
  get_ibo_manager_info: [{ user_id: 'p-ibo-1', name: 'Ida Ibo' }],
  master_agent_name: 'Prime Master',
  distributor_name: 'Central Distribution',
  retailer_name: 'Lone Star Retail',
  created_at: '2025-01-02T10:00:00.000Z',
  form_status: null,
  form_id: null,
  ...change,
});

/** Where the screen went: the path, and the record (user, market, office) passed in router state. */
function Where() {
  const location = useLocation();
  const state = location.state as { employee?: { id: string }; market?: { id: string }; office?: { id: string } } | null;
  const record = state?.employee ?? state?.market ?? state?.office;
  return <div data-testid="where">{`${location.pathname}${record ? ` ${record.id}` : ''}`}</div>;
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

