import { ONBOARDING_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import { ROLE } from '@portal/contracts/platform/roles';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, errorsShown, itemOf, selectInItem } from '../../app/testing/form.test-util';
import { Reply, lastNotice, renderPage, stubApi } from '../../app/testing/page.test-util';
import SendInvitePage from './SendInvitePage';
import { OFFICES, SEND_INVITE, lookups } from './onboarding.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input:not([type=radio])' });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const radio = (name: string) => screen.getByRole('radio', { name });
/** The options of the dropdown a select's input controls, once `expected` is among them (patient: the full suite runs on 2 cores). */
async function optionsOf(select: HTMLInputElement, expected: string, typed?: string): Promise<HTMLElement[]> {
  fireEvent.mouseDown(select);
  if (typed !== undefined) {
    fireEvent.change(select, { target: { value: typed } });
    // Past the type-ahead's debounce.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  }
  return waitFor(
    () => {
      const list = document.getElementById(select.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
      const options = [...(list?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
      if (!options.some((element) => element.textContent === expected)) throw new Error(`no option ${expected}`);
      return options;
    },
    { timeout: 5000 },
  );
}
const choose = async (select: HTMLInputElement, text: string, typed?: string) => fireEvent.click((await optionsOf(select, text, typed)).find((element) => element.textContent === text)!);
const enrollmentShown = () => screen.queryByText('Field Enrollment', { selector: 'label' }) !== null;

function serve(answer: (body: unknown) => unknown = () => new Reply(201, { message: ONBOARDING_MESSAGES.invited, id: 'c-new' })) {
  return stubApi(({ method, path, body }) => (method === 'POST' && path === SEND_INVITE ? answer(body) : (lookups(path) ?? {})));
}

/** Fills the candidate: the office by a 2-character search, names, e-mail, mobile and a delivery option. */
async function fillCandidate(delivery = 'Both') {
  await choose(selectInItem('Office'), 'Austin North (TX-1)', 'Au');
  type('First Name', ' Cara ');
  type('Last Name', 'Candidate');
  type('E-mail', 'cara@demo.test');
  type('Mobile Number', '5125550100');
  fireEvent.click(radio(delivery));
}

describe('Send Invite', { timeout: 30_000 }, () => {
  it.each<[string, number[], string[]]>([
    ['an office manager: Agent only, chosen already', [ROLE.OFFICE_MANAGER], ['Agent']],
    ['an IBO manager: Agent and Office Supervisor', [ROLE.IBO_MANAGER], ['Agent', 'Office Supervisor']],
    ['a retailer manager: Agent, IBO Manager and Office Supervisor', [ROLE.RETAILER_MANAGER], ['Agent', 'IBO Manager', 'Office Supervisor']],
  ])('offers the roles of the inviter, %s', async (_who, roles, offered) => {
    serve();
    renderPage(<SendInvitePage />, roles);
    await screen.findByText('Send Invite', { selector: 'h3' });
    expect((await optionsOf(selectInItem('Role'), offered[0]!)).map((element) => element.textContent)).toEqual(offered);
    if (offered.length === 1) expect(itemOf('Role')).toHaveTextContent('Agent');
  });

  it('names every field by its label: the Office and Role comboboxes are found by their labels (a screen reader reads them; a click on the label focuses them)', async () => {
    serve();
    renderPage(<SendInvitePage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Send Invite', { selector: 'h3' });
    for (const label of ['Office', 'Role']) {
      const field = screen.getByLabelText(label, { selector: 'input' });
      expect(field).toHaveAttribute('role', 'combobox');
      expect(field).toBe(selectInItem(label));
    }
  });

  it("an empty submit shows the spec's messages and sends nothing", async () => {
    const api = serve();
    renderPage(<SendInvitePage />, [ROLE.IBO_MANAGER]);
    fireEvent.click(await waitFor(() => buttonOf('Send Invite')));
    await waitFor(() =>
      expect(errorsShown()).toEqual([
        ONBOARDING_MESSAGES.office,
        ONBOARDING_MESSAGES.role,
        ONBOARDING_MESSAGES.firstName,
        ONBOARDING_MESSAGES.lastName,
        ONBOARDING_MESSAGES.email,
        ONBOARDING_MESSAGES.mobile,
        ONBOARDING_MESSAGES.deliveryMethod,
      ]),
    );
    // The spec's double space kept.
    expect(screen.getByText('Please input  valid mobile number', { normalizer: (text) => text })).toBeInTheDocument();
    type('Mobile Number', '51255');
    fireEvent.click(buttonOf('Send Invite'));
    await waitFor(() => expect(errorsShown()).toContain(ONBOARDING_MESSAGES.mobile));
    expect(api.bodies('POST', SEND_INVITE)).toEqual([]);
  });

  it("an office manager: posts the body with field enrollment 1 (not asked), shows 'Candidate Invite sent succesfully' and starts afresh", async () => {
    const api = serve();
    renderPage(<SendInvitePage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('Send Invite', { selector: 'h3' });
    expect(enrollmentShown()).toBe(false);
    await fillCandidate('Both');
    fireEvent.click(buttonOf('Send Invite'));
    await waitFor(() =>
      expect(api.bodies('POST', SEND_INVITE)).toEqual([
        { office_id: 'o-1', role_id: ROLE.AGENT, first_name: 'Cara', last_name: 'Candidate', email: 'cara@demo.test', mobile_number: '5125550100', delivery_method: 2, will_add_enrollments: 1 },
      ]),
    );
    // Only the offices Send Invite offers, searched from 2 characters.
    expect(api.queries(OFFICES).at(-1)).toEqual({ send_invite: '1', term: 'Au' });
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Candidate Invite sent succesfully' }));
    await waitFor(() => expect(input('First Name')).toHaveValue(''));
    expect(itemOf('Role')).toHaveTextContent('Agent');
  });

  it('a retailer manager: field enrollment asked for an IBO manager or office supervisor (Yes by default), not for an agent; No sends 0', async () => {
    const api = serve();
    renderPage(<SendInvitePage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Send Invite', { selector: 'h3' });
    expect(enrollmentShown()).toBe(false);
    await choose(selectInItem('Role'), 'IBO Manager');
    await waitFor(() => expect(enrollmentShown()).toBe(true));
    expect(radio('Yes')).toBeChecked();
    await choose(selectInItem('Role'), 'Agent');
    await waitFor(() => expect(enrollmentShown()).toBe(false));
    await choose(selectInItem('Role'), 'Office Supervisor');
    await waitFor(() => expect(enrollmentShown()).toBe(true));

    fireEvent.click(radio('No'));
    await fillCandidate('Phone');
    type('Middle Name', 'May');
    fireEvent.click(buttonOf('Send Invite'));
    await waitFor(() => expect(api.bodies('POST', SEND_INVITE)).toHaveLength(1));
    expect(api.bodies('POST', SEND_INVITE)[0]).toMatchObject({ role_id: ROLE.OFFICE_SUPERVISOR, middle_name: 'May', delivery_method: 1, will_add_enrollments: 0 });
  });

  it("an IBO manager is never asked about field enrollment; a refusal's fields land on their items", async () => {
    const api = serve(() => new Reply(409, { error: 'Conflict', message: 'This e-mail address already has an open invite', fields: { email: 'This e-mail address already has an open invite' } }));
    renderPage(<SendInvitePage />, [ROLE.IBO_MANAGER]);
    await screen.findByText('Send Invite', { selector: 'h3' });
    await choose(selectInItem('Role'), 'Office Supervisor');
    await fillCandidate('E-mail');
    expect(enrollmentShown()).toBe(false);
    fireEvent.click(buttonOf('Send Invite'));
    await waitFor(() => expect(errorsShown()).toEqual(['This e-mail address already has an open invite']));
    expect(itemOf('E-mail')).toHaveTextContent('This e-mail address already has an open invite');
    expect(lastNotice()).toEqual({ title: 'Oops', content: 'This e-mail address already has an open invite' });
    expect(api.bodies('POST', SEND_INVITE)[0]).toMatchObject({ role_id: ROLE.OFFICE_SUPERVISOR, delivery_method: 0, will_add_enrollments: 1 });
    // The form keeps what was typed.
    expect(input('First Name')).toHaveValue(' Cara ');
  });
});
