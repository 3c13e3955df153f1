import type { AgentSummaryReportRow } from '@portal/contracts/onboarding/onboarding.views';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';
import { paged, rowOf, stubApi } from '../../app/testing/page.test-util';
import { pick, renderReport } from '../../app/testing/report.test-util';
import AgentSummaryPage, { AGENT_TEXTS } from './AgentSummaryPage';
import { comment, lookups } from './onboarding.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const REPORT = '/api/v1/agent_summary_report';
const commentsPath = (id: string) => `/api/v1/agent_comments_log/${id}`;

const agentRow = (id: string, change: Partial<AgentSummaryReportRow> = {}): AgentSummaryReportRow => ({
  id,
  rad: null,
  user_ibo_market_name: 'Texas Market',
  office_number: 'TX-1',
  first_name: 'Ann',
  middle_name: null,
  last_name: 'Agent',
  mobile_number: '5125550100',
  email: `${id}@demo.test`,
  excess_code: null,
  address: null,
  city: null,
  state: null,
  zip: null,
  last_activation_date: null,
  updated_at: '2025-05-06T10:00:00.000Z',
  created_at: '2025-05-01T10:00:00.000Z',
  comments_exists: 0,
  candidate_id: null,
  photo_copy_url: null,
  government_document_url: null,
  candidate_signed_bgc_url: null,
  retailer_agent_agreement_url: null,
  status: 1,
  status_text: 'Active',
  ...change,
});

/** An active agent from onboarding (with comments and an activation), and an inactive one with no ETC code. */
const AGENTS: AgentSummaryReportRow[] = [
  agentRow('a-1', {
    rad: 'RAD123',
    first_name: 'Otto',
    middle_name: 'B',
    last_name: 'Onboarded',
    excess_code: 'ETC-9',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    last_activation_date: '2025-05-20',
    comments_exists: 1,
    candidate_id: 'c-9',
    photo_copy_url: '/api/v1/candidate_files/c-9/photo_copy?expires=1&signature=x',
    candidate_signed_bgc_url: '/api/v1/candidate_files/c-9/bgc_consent?expires=1&signature=x',
  }),
  agentRow('a-2', { first_name: 'Ina', last_name: 'Inactive', status: 0, status_text: 'Inactive' }),
];

function serve() {
  return stubApi(({ path }) => {
    if (path === REPORT) return paged(AGENTS);
    if (path === commentsPath('a-1')) return { data: [comment('Called her, she will finish the profile today'), comment('Onboarded, welcome aboard', { commented_by_name: 'Rita Retail' })] };
    return lookups(path) ?? {};
  });
}

describe('Agent Summary', { timeout: 30_000 }, () => {
  it("opens from a dashboard slice: the first call sends its redirect_key, shown as a tag; the agent's columns; status tags green and orange", async () => {
    const api = serve();
    renderReport(<AgentSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/agentreport?redirect_key=passive_agent' });
    await screen.findByText('a-1@demo.test');
    expect(api.queries(REPORT)).toEqual([{ redirect_key: 'passive_agent', page: '1', results: '10' }]);
    expect(screen.getByText('Agent Summary (2)')).toBeInTheDocument();
    expect(screen.getByText('Dashboard: Passive Agent (15-30 days)')).toBeInTheDocument();

    // An office manager: no IBO/Market column; the e-mail first and fixed, the action last.
    expect(columnTitles()).toEqual([
      'E-mail',
      'RAD ID',
      'Office',
      'First Name',
      'Middle Name',
      'Last Name',
      'Mobile Number',
      'ETC Code',
      'Address',
      'City',
      'State',
      'ZIP',
      'Last Activation',
      'Updated At',
      'Created At',
      'Onboarding Documents',
      'Status',
      'Action',
    ]);
    const cells = (email: string) => [...rowOf(email).querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 17);
    expect(cells('a-1@demo.test')).toEqual(['a-1@demo.test', 'RAD123', 'TX-1', 'Otto', 'B', 'Onboarded', '5125550100', 'ETC-9', '1 Main St', 'Austin', 'TX', '78701', '05-20-2025', '05-06-2025', '05-01-2025', 'Photo copyBackground check consent', 'Active']);
    expect(cells('a-2@demo.test').slice(7, 17)).toEqual(['—', '—', '—', '—', '—', '—', '05-06-2025', '05-01-2025', '—', 'Inactive']);
    // The candidate's files stay reachable from the agent, in a new tab.
    expect(within(rowOf('a-1@demo.test')).getByRole('link', { name: 'Photo copy' })).toHaveAttribute('target', '_blank');
    const tagOf = (email: string) => rowOf(email).querySelector('.ant-tag');
    expect(tagOf('a-1@demo.test')).toHaveTextContent('Active');
    expect(tagOf('a-1@demo.test')).toHaveClass('ant-tag-green');
    expect(tagOf('a-2@demo.test')).toHaveTextContent('Inactive');
    expect(tagOf('a-2@demo.test')).toHaveClass('ant-tag-orange');

    // Sorting goes as sort_key and sort.
    fireEvent.click(screen.getAllByText('Last Name', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toEqual({ redirect_key: 'passive_agent', sort_key: 'last_name', sort: 'ASC', page: '1', results: '10' }));

    // The slice's tag can be dropped: the next search is of every agent.
    fireEvent.click(screen.getByText('Dashboard: Passive Agent (15-30 days)').closest('.ant-tag')!.querySelector('.ant-tag-close-icon')!);
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toEqual({ sort_key: 'last_name', sort: 'ASC', page: '1', results: '10' }));
  });

  it('a retailer manager sees the IBO/Market column and filter; Status, ETC Code and IBO/Market go as status, telgoo_status and ibo_marketer_id; an unknown slice is not sent', async () => {
    const api = serve();
    renderReport(<AgentSummaryPage />, { roles: [ROLE.RETAILER_MANAGER], url: '/agentreport?redirect_key=nobody' });
    await screen.findByText('a-1@demo.test');
    expect(api.queries(REPORT)).toEqual([{ page: '1', results: '10' }]);
    expect(columnTitles().slice(0, 4)).toEqual(['E-mail', 'RAD ID', 'IBO/Market', 'Office']);
    expect(within(rowOf('a-1@demo.test')).getByText('Texas Market')).toBeInTheDocument();

    await pick('Status', 'Inactive');
    await pick('ETC Code', 'Has ETC code');
    await pick('IBO/Market', 'Gulf Market');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'ina' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toEqual({ keyword: 'ina', status: '0', telgoo_status: '1', ibo_marketer_id: 'i-2', page: '1', results: '10' }));
  });

  it('View Comments lists the comments of the candidate the agent was, with no box to add one; an agent without comments has it disabled with its reason', async () => {
    const api = serve();
    renderReport(<AgentSummaryPage />, { roles: [ROLE.IBO_MANAGER], url: '/agentreport' });
    await screen.findByText('a-1@demo.test');
    const viewComments = (name: string) => screen.getByLabelText<HTMLButtonElement>(`View Comments ${name}`, { selector: 'button' });
    expect(viewComments('Ina Inactive')).toBeDisabled();
    expect(viewComments('Ina Inactive')).toHaveAccessibleDescription(AGENT_TEXTS.noComments);

    fireEvent.click(viewComments('Otto B Onboarded'));
    await screen.findByText('Onboarded, welcome aboard');
    expect(screen.getByText('Comments: Otto B Onboarded')).toBeInTheDocument();
    const comments = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(comments.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Mo Manager', 'Rita Retail']);
    expect(screen.queryByPlaceholderText('Add comment')).toBeNull();
    expect(api.requests.filter((request) => request.path.startsWith('/api/v1/agent_comments_log/')).map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${commentsPath('a-1')}`]);
  });
});
