import { ONBOARDING_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import { ROLE } from '@portal/contracts/platform/roles';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, renderWithClient } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { buttonOf, columnTitles, errorsShown, itemOf, openConfirm, selectInItem } from '../../app/testing/form.test-util';
import { Reply, lastNotice, rowOf, signIn, stubApi } from '../../app/testing/page.test-util';
import { renderReport, selectInput } from '../../app/testing/report.test-util';
import type { EditCandidateState } from './edit-candidate-form';
import { EDIT_ONBOARDED_REASON } from './CandidateActions';
import OnboardingSummaryPage from './OnboardingSummaryPage';
import {
  CANDIDATES,
  SUMMARY,
  candidateRow,
  comment,
  commentsPath,
  customEmailPath,
  deletePath,
  emailReminderPath,
  logEntry,
  logPath,
  lookups,
  moveStagePath,
  resendPath,
  smsReminderPath,
  summaryAnswer,
} from './onboarding.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function serve() {
  const comments = [comment('Called her, she will finish the profile today')];
  return stubApi(({ method, path, body }) => {
    if (path === SUMMARY) return summaryAnswer(CANDIDATES);
    if (path === commentsPath('c-13')) {
      if (method === 'POST') {
        comments.push(comment((body as { comments: string }).comments, { commented_by_name: 'Rita Retail' }));
        return new Reply(201, { message: 'Comment added' });
      }
      return { data: comments };
    }
    if (path === logPath('c-13')) return { data: [logEntry('Invited by Mo Manager'), logEntry('Onboarded: ETC code ETC-9', { created_at: '2025-05-20T18:05:00.000Z' })] };
    if (path === resendPath('c-1')) return { message: 'Invite resent successfully' };
    if (path === emailReminderPath('c-23')) return { message: 'Email reminder sent successfully' };
    if (path === smsReminderPath('c-23')) return { message: 'SMS reminder sent successfully' };
    if (method === 'POST' && path === customEmailPath('c-23')) return { message: 'Email sent successfully' };
    if (method === 'DELETE' && path === deletePath('c-1')) return { message: 'Candidate Deleted Successfully' };
    if (method === 'POST' && path === moveStagePath('c-23')) return { message: 'Candidate moved to Telgoo ID', user_id: null };
    return lookups(path) ?? {};
  });
}

/**
 * Opens the row's Actions menu and answers its entries by name (each li, `aria-disabled` when not
 * offered now, its reason under its name; null when the menu does not list it).
 */
async function menuOf(candidate: string): Promise<(name: string) => HTMLElement | null> {
  const trigger = document.querySelector<HTMLElement>(`button[aria-label="Actions ${candidate}"]`)!;
  // A click on an open menu's button would close it.
  if (!trigger.classList.contains('ant-dropdown-open')) fireEvent.click(trigger);
  // By attribute: role queries over the 4500 px table are slow on a busy machine.
  const entry = (name: string) => [...document.querySelectorAll<HTMLElement>(`li[role="menuitem"][aria-label="${name} ${candidate}"]`)].at(-1) ?? null;
  // The menu is open once its first entry (View Comments, always listed) is there.
  await waitFor(() => expect(entry('View Comments')).not.toBeNull());
  return entry;
}
/** The row's Actions menu entry `name`, the menu opened for it. */
const action = async (name: string, candidate: string) => (await menuOf(candidate))(name);
const offered = (entry: HTMLElement | null) => entry !== null && entry.getAttribute('aria-disabled') !== 'true';
/** Clicks an entry of the row's Actions menu. */
async function choose(name: string, candidate: string) {
  const entry = await action(name, candidate);
  expect(offered(entry)).toBe(true);
  fireEvent.click(entry!);
}
const listCalls = (api: ReturnType<typeof serve>) => api.queries(SUMMARY).length;

/** The texts of the options of the dropdown a select's input controls, once `expected` is among them (patient: the full suite runs on 2 cores). */
async function optionsOf(input: HTMLElement, expected: string): Promise<HTMLElement[]> {
  fireEvent.mouseDown(input);
  return waitFor(
    () => {
      const list = document.getElementById(input.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
      const options = [...(list?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
      if (!options.some((element) => element.textContent === expected)) throw new Error(`no option ${expected}`);
      return options;
    },
    { timeout: 5000 },
  );
}

/** Opens a select (by its input, or the placeholder it shows) and clicks one of its options. */
async function pick(select: HTMLElement | string, text: string) {
  const input = typeof select === 'string' ? selectInput(select) : select;
  fireEvent.click((await optionsOf(input, text)).find((element) => element.textContent === text)!);
}

/** Clicks today in the open date picker of this placeholder. */
async function pickToday(placeholder: string) {
  const field = screen.getByPlaceholderText(placeholder);
  await act(async () => {
    fireEvent.mouseDown(field);
    fireEvent.focus(field);
    fireEvent.click(field);
  });
  const today = [...document.querySelectorAll<HTMLElement>(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${dayjs().format('YYYY-MM-DD')}"]`)].at(-1)!;
  await act(async () => {
    fireEvent.click(today);
  });
}

describe('Onboarding Summary', { timeout: 30_000 }, () => {
  it("opens from a dashboard link: the first call sends its redirect_key; reads the page under `data`; the candidate's columns", async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport?redirect_key=rad_link_failed' });
    await screen.findByText('c-1@demo.test');
    expect(api.queries(SUMMARY)).toEqual([{ redirect_key: 'rad_link_failed', page: '1', results: '10' }]);
    expect(screen.getByText('Onboarding Summary (3)')).toBeInTheDocument();
    expect(screen.getByText('Dashboard: RAD Link Failed')).toBeInTheDocument();
    expect(document.querySelector<HTMLElement>('.ant-table-content table, .ant-table-body table')!.style.width).toBe('4500px');

    // An office manager: no IBOs/Markets column; the e-mail first and fixed, the actions last.
    expect(columnTitles()).toEqual([
      'E-mail',
      'First Name',
      'Middle Name',
      'Last Name',
      'Mobile Number',
      'Office',
      'Role',
      'Status',
      'Onboarding Source',
      'Field Enrollment',
      'RAD ID',
      'ETC Code',
      'Masked SSN',
      'Address',
      'City',
      'State',
      'ZIP',
      'Shirt Size',
      'A01',
      'A02',
      'A03',
      'A04',
      'A05',
      'Combo Training (A06)',
      'Combo Training (A07)',
      'A08',
      'A09',
      'A10',
      'Invite Expires',
      'Updated By',
      'Updated At',
      'Created At',
      'Action',
    ]);
    const cells = [...rowOf('c-13@demo.test').querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 32);
    expect(cells).toEqual([
      'c-13@demo.test',
      'Otto',
      'B',
      'Onboarded',
      '5125550100',
      'Austin North (TX-1)',
      'Agent',
      'Onboarded',
      'Manager Invite',
      'No',
      'RAD123',
      'ETC-9',
      '***-**-1234',
      '1 Main St, Apt 2',
      'Austin',
      'TX',
      '78701',
      'L',
      'Passed',
      '—',
      '—',
      '—',
      '—',
      'Passed',
      '—',
      '—',
      '—',
      'Passed',
      // Onboarded: the invite no longer expires.
      '—',
      'Mo Manager',
      '05-06-2025',
      '05-06-2025',
    ]);
    expect(rowOf('c-13@demo.test').querySelector('.ant-tag')).toHaveClass('ant-tag-green');
    // A failed RAD ID link names its PII issues under the status.
    expect(within(rowOf('c-23@demo.test')).getByText('Name Mismatch, SSN Mismatch')).toBeInTheDocument();

    // Sorting goes as sort_key and sort.
    fireEvent.click(screen.getAllByText('Created At', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(api.queries(SUMMARY).at(-1)).toEqual({ redirect_key: 'rad_link_failed', sort_key: 'created_at', sort: 'ASC', page: '1', results: '10' }));
  });

  it('a link with ?status=13 opens with that status chosen and sent; a retailer manager sees the IBOs/Markets column and Search IBO; the filters go as the query', async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.RETAILER_MANAGER], url: '/onboardingreport?status=13' });
    await screen.findByText('c-1@demo.test');
    expect(api.queries(SUMMARY)[0]).toEqual({ status: '13', page: '1', results: '10' });
    expect(columnTitles().slice(0, 7)).toEqual(['E-mail', 'First Name', 'Middle Name', 'Last Name', 'Mobile Number', 'IBOs/Markets', 'Office']);

    // The status chosen shows in the (only) multi-select.
    const statusSelect = document.querySelector<HTMLElement>('.ant-select-multiple')!;
    expect(statusSelect).toHaveTextContent('Onboarded');
    await pick('Onboarding Source', 'Manager Invite');
    const roleInput = selectInput('Role');
    // Not Distributor, Super Admin, Back Office, Master Agent, Retailer or Retailer Manager.
    expect((await optionsOf(roleInput, 'Agent')).map((element) => element.textContent)).toEqual(['Agent', 'Office Manager', 'IBO Manager', 'Office Supervisor']);
    await pick(roleInput, 'Office Supervisor');
    await pick('Search IBO', 'Gulf Market');
    await pick(statusSelect.querySelector('input')!, 'Invite Sent');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'cara' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() =>
      expect(api.queries(SUMMARY).at(-1)).toEqual({ keyword: 'cara', status: '13,1', onboarding_source: '1', role_id: '14', ibo_marketer_id: 'i-2', page: '1', results: '10' }),
    );
  });

  it("the dashboard's RAD Link Failed line (?status=23&rad_pii_issue=1) is sent; created from and to go together: one alone is refused with the spec's words and not sent", async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport?status=23&rad_pii_issue=1' });
    await screen.findByText('c-1@demo.test');
    expect(api.queries(SUMMARY)).toEqual([{ status: '23', rad_pii_issue: '1', page: '1', results: '10' }]);
    expect(screen.getByText('Dashboard: RAD Link Failed')).toBeInTheDocument();
    await pickToday('Created From');
    const calls = listCalls(api);
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(errorsShown()).toEqual([ONBOARDING_MESSAGES.bothDates]));
    expect(listCalls(api)).toBe(calls);

    await pickToday('Created To');
    await waitFor(() => expect(errorsShown()).toEqual([]));
    fireEvent.click(buttonOf('Search'));
    const today = dayjs().format('MM-DD-YYYY');
    await waitFor(() => expect(api.queries(SUMMARY).at(-1)).toEqual({ status: '23', rad_pii_issue: '1', date_range_start: today, date_range_end: today, page: '1', results: '10' }));
  });

  it('row actions follow the status in one compact Actions menu: invited has Resend Invite and Delete, no Email Reminder; onboarded has SMS Reminder and Custom E-mail listed disabled with their reasons', async () => {
    serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.IBO_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-1@demo.test');
    // One button in the pinned column, not a wrapped row of nine.
    expect([...rowOf('c-1@demo.test').querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Actions']);

    const ivy = await menuOf('Ivy Invited');
    expect(offered(ivy('Resend Invite'))).toBe(true);
    expect(offered(ivy('Delete Candidate'))).toBe(true);
    expect(ivy('Email Reminder')).toBeNull();
    expect(offered(ivy('SMS Reminder'))).toBe(true);
    // An IBO manager edits candidates; only retailer managers (and role 1) move stages by hand.
    expect(offered(ivy('Edit'))).toBe(true);
    expect(ivy('Move Stage')).toBeNull();

    const otto = await menuOf('Otto B Onboarded');
    expect(otto('Resend Invite')).toBeNull();
    expect(otto('Delete Candidate')).toBeNull();
    expect(offered(otto('Email Reminder'))).toBe(true);
    expect(offered(otto('SMS Reminder'))).toBe(false);
    expect(otto('SMS Reminder')).toHaveTextContent('The candidate is onboarded: there is nothing to remind them of.');
    expect(offered(otto('Custom E-mail'))).toBe(false);
    expect(otto('Custom E-mail')).toHaveTextContent('No e-mail type fits a candidate at Onboarded: nothing is asked of them at this stage.');
    expect(offered(otto('Edit'))).toBe(false);
    expect(otto('Edit')).toHaveTextContent(EDIT_ONBOARDED_REASON);

    const rae = await menuOf('Rae Radlink');
    for (const entries of [ivy, otto, rae]) {
      expect(offered(entries('View Comments'))).toBe(true);
      expect(offered(entries('View Log'))).toBe(true);
    }
    expect(offered(rae('Custom E-mail'))).toBe(true);
  });

  it('the GETs that act, from the Actions menu: the server\'s message, and the list again', async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.IBO_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-1@demo.test');
    let calls = listCalls(api);
    await choose('Resend Invite', 'Ivy Invited');
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Invite resent successfully' }));
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(calls));
    calls = listCalls(api);
    await choose('Email Reminder', 'Rae Radlink');
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Email reminder sent successfully' }));
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(calls));
    await choose('SMS Reminder', 'Rae Radlink');
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'SMS reminder sent successfully' }));
    expect(api.requests.filter((request) => request.path.startsWith('/api/v1/candidate/') && request.method === 'GET').map((request) => request.path)).toEqual([
      resendPath('c-1'),
      emailReminderPath('c-23'),
      smsReminderPath('c-23'),
    ]);
  });

  it("Invite Expires says what is true: the last day while the invite can expire, 'Expired' and the day it stopped once expired, nothing once the profile is complete", async () => {
    stubApi(({ path }) =>
      path === SUMMARY
        ? summaryAnswer([
            candidateRow('c-1', 1, { first_name: 'Ivy', last_name: 'Invited', invite_expires_at: '2026-12-12T12:00:00.000Z' }),
            candidateRow('c-20', 20, { first_name: 'Oli', last_name: 'Expired', invite_expires_at: '2026-11-20T12:00:00.000Z' }),
            candidateRow('c-3', 3, { first_name: 'Pat', last_name: 'Profile', invite_expires_at: null }),
          ])
        : (lookups(path) ?? {}),
    );
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-20@demo.test');
    const expiresCell = (email: string) => rowOf(email).querySelectorAll('td')[columnTitles().indexOf('Invite Expires')]!.textContent;
    expect(expiresCell('c-1@demo.test')).toBe(dayjs('2026-12-12T12:00:00.000Z').format('MM-DD-YYYY'));
    expect(expiresCell('c-20@demo.test')).toBe(`Expired ${dayjs('2026-11-20T12:00:00.000Z').format('MM-DD-YYYY')}`);
    expect(expiresCell('c-3@demo.test')).toBe('—');
  });

  it('View Comments lists the comments and posts a new one; View Log lists the entries with their time', async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-13@demo.test');
    await choose('View Comments', 'Otto B Onboarded');
    await screen.findByText('Called her, she will finish the profile today');
    expect(screen.getByText('Comments: Otto B Onboarded')).toBeInTheDocument();

    fireEvent.click(buttonOf('Add comment'));
    expect(await screen.findByText(ONBOARDING_MESSAGES.comment)).toBeInTheDocument();
    expect(api.bodies('POST', commentsPath('c-13'))).toEqual([]);
    fireEvent.change(screen.getByPlaceholderText('Add comment'), { target: { value: ' Profile done, waiting on the BGC ' } });
    fireEvent.click(buttonOf('Add comment'));
    await waitFor(() => expect(api.bodies('POST', commentsPath('c-13'))).toEqual([{ comments: 'Profile done, waiting on the BGC' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Comment added' }));
    // The comments read again, the new one among them; the box empty for the next.
    expect(await screen.findByText('Profile done, waiting on the BGC')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Add comment')).toHaveValue('');

    await choose('View Log', 'Otto B Onboarded');
    await screen.findByText('Onboarding Log: Otto B Onboarded');
    const entry = (await screen.findByText('Onboarded: ETC code ETC-9')).closest('tr')!;
    expect(entry.textContent).toBe(`${dayjs('2025-05-20T18:05:00.000Z').format('MM-DD-YYYY hh:mm A')}Onboarded: ETC code ETC-9`);
    expect(screen.getByText('Invited by Mo Manager')).toBeInTheDocument();
  });

  it("Custom E-mail: only the types that fit the stage; the type and the content are required in the spec's words, then both are posted and the drawer closes", async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-23@demo.test');
    // An invited candidate: the one type that fits is chosen already.
    await choose('Custom E-mail', 'Ivy Invited');
    await screen.findByText('Custom E-mail: Ivy Invited');
    expect(itemOf('E-mail Type')).toHaveTextContent('Invite Sent');
    fireEvent.click(buttonOf('Cancel'));
    await waitFor(() => expect(screen.queryByText('Custom E-mail: Ivy Invited')).toBeNull());

    await choose('Custom E-mail', 'Rae Radlink');
    await screen.findByText('Custom E-mail: Rae Radlink');
    fireEvent.change(screen.getByPlaceholderText('Content'), { target: { value: '' } });
    fireEvent.click(buttonOf('Send E-mail'));
    await waitFor(() => expect(errorsShown()).toEqual([ONBOARDING_MESSAGES.emailText]));
    expect(api.bodies('POST', customEmailPath('c-23'))).toEqual([]);
    // Link RAD ID takes its own type only.
    expect((await optionsOf(selectInItem('E-mail Type'), 'Link RAD ID')).map((element) => element.textContent)).toEqual(['Link RAD ID']);

    fireEvent.change(screen.getByPlaceholderText('Content'), { target: { value: 'Please check the name on your RAD profile.' } });
    fireEvent.click(buttonOf('Send E-mail'));
    await waitFor(() => expect(api.bodies('POST', customEmailPath('c-23'))).toEqual([{ onboarding_status: 23, email_text: 'Please check the name on your RAD profile.' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Email sent successfully' }));
    await waitFor(() => expect(screen.queryByText('Custom E-mail: Rae Radlink')).toBeNull());
  });

  it('Move Stage (a retailer manager, the integration down): only the moves the integration could report, a reason required, then posted; the list and the log reload', async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.RETAILER_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-23@demo.test');
    const invited = (await action('Move Stage', 'Ivy Invited'))!;
    expect(offered(invited)).toBe(false);
    expect(invited).toHaveTextContent('At Invite Sent the candidate moves on by completing their profile.');
    expect((await action('Move Stage', 'Otto B Onboarded'))!).toHaveTextContent('Onboarded is final: no stage follows it.');

    await choose('Move Stage', 'Rae Radlink');
    await screen.findByText('Move Stage: Rae Radlink');
    expect((await optionsOf(selectInItem('Move to'), 'Telgoo ID')).map((element) => element.textContent)).toEqual(['Telgoo ID', 'Verification Failed', 'Rejected']);
    fireEvent.click(buttonOf('Move Stage'));
    await waitFor(() => expect(errorsShown()).toEqual(['Please select the stage to move to', 'Please input the reason for moving the stage by hand']));
    expect(api.bodies('POST', moveStagePath('c-23'))).toEqual([]);

    await pick(selectInItem('Move to'), 'Telgoo ID');
    fireEvent.change(screen.getByPlaceholderText('Why the stage is moved by hand'), { target: { value: ' RAD link confirmed by phone; the checks portal is down ' } });
    const calls = listCalls(api);
    fireEvent.click(buttonOf('Move Stage'));
    await waitFor(() => expect(api.bodies('POST', moveStagePath('c-23'))).toEqual([{ status: 12, reason: 'RAD link confirmed by phone; the checks portal is down' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Candidate moved to Telgoo ID' }));
    await waitFor(() => expect(screen.queryByText('Move Stage: Rae Radlink')).toBeNull());
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(calls));
  });

  it('Delete Candidate asks first: No sends nothing, Yes calls DELETE and reloads the list', async () => {
    const api = serve();
    renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-1@demo.test');
    const first = await openConfirm((await action('Delete Candidate', 'Ivy Invited'))!);
    expect(first.title).toBe('Are you sure you want to delete this candidate?');
    expect(first.content).toBe('Ivy Invited');
    first.no();
    const deletes = () => api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path);
    expect(deletes()).toEqual([]);

    const calls = listCalls(api);
    const second = await openConfirm((await action('Delete Candidate', 'Ivy Invited'))!);
    second.yes();
    await waitFor(() => expect(deletes()).toEqual([deletePath('c-1')]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Candidate Deleted Successfully' }));
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(calls));
  });
});

/** What Edit Candidate received: the candidate's id and where the edit was opened from. */
function EditLanding() {
  const state = useLocation().state as EditCandidateState | null;
  return <div data-testid="edit-landing">{`${state?.candidate.id} from ${state?.cameFrom}`}</div>;
}

describe('Onboarding Summary: the Edit row action', { timeout: 30_000 }, () => {
  it('is for roles 11 and 12 only; it opens /editagent with the row and the summary it came from', async () => {
    serve();
    const officeManager = renderReport(<OnboardingSummaryPage />, { roles: [ROLE.OFFICE_MANAGER], url: '/onboardingreport' });
    await screen.findByText('c-23@demo.test');
    expect(await action('Edit', 'Rae Radlink')).toBeNull();
    officeManager.unmount();

    signIn([ROLE.RETAILER_MANAGER]);
    renderWithClient(
      <MemoryRouter initialEntries={['/onboardingreport?status=23']}>
        <SessionProvider>
          <Routes>
            <Route path="/onboardingreport" element={<OnboardingSummaryPage />} />
            <Route path="/editagent" element={<EditLanding />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>,
    );
    await screen.findByText('c-23@demo.test');
    await choose('Edit', 'Rae Radlink');
    expect(await screen.findByTestId('edit-landing')).toHaveTextContent('c-23 from /onboardingreport?status=23');
  });
});
