import { CANDIDATE_EDIT_MESSAGES, CANDIDATE_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, renderWithClient } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { buttonOf, errorsShown, itemOf } from '../../app/testing/form.test-util';
import { Reply, lastNotice, signIn, stubApi } from '../../app/testing/page.test-util';
import EditCandidatePage, { ONBOARDED_NOTE } from './EditCandidatePage';
import { candidateRow } from './onboarding.test-util';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const updatePath = (id: string) => `/api/v1/candidate/update_candidate_info/${id}`;

/** A candidate at Link RAD ID (23) with every detail, as the Onboarding Summary lists them. */
const RAE: CandidateRow = candidateRow('c-23', 23, {
  first_name: 'Rae',
  middle_name: 'Jo',
  last_name: 'Radlink',
  rad_id: 'RAD77',
  dob: '1990-04-20',
  shirt_size: 'L',
  street_address1: '1 Main St',
  street_address2: 'Apt 2',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  photo_copy_url: '/api/v1/candidate_files/c-23/photo_copy?expires=1&signature=x',
});

/** Where the screen went: the path and query. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}
const where = () => screen.getByTestId('where').textContent;

/** Renders /editagent with this router state, signed in as an IBO manager; any other path shows where the screen went. */
function renderEdit(ui: ReactElement, state?: unknown) {
  signIn([ROLE.IBO_MANAGER]);
  return renderWithClient(
    <MemoryRouter initialEntries={[{ pathname: '/editagent', state }]}>
      <SessionProvider>
        <Routes>
          <Route path="/editagent" element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const input = (placeholder: string) => screen.getByPlaceholderText<HTMLInputElement>(placeholder);
const type = (placeholder: string, value: string) => fireEvent.change(input(placeholder), { target: { value } });
const chooseFile = (label: string, file: File) => fireEvent.change(itemOf(label).querySelector('input[type=file]')!, { target: { files: [file] } });
const jpeg = (name: string) => new File(['\xff\xd8\xff'], name, { type: 'image/jpeg' });

describe('Edit Candidate', { timeout: 30_000 }, () => {
  it('without a candidate in router state goes back to /onboardingreport', async () => {
    stubApi(() => ({}));
    renderEdit(<EditCandidatePage />);
    await waitFor(() => expect(where()).toBe('/onboardingreport'));
  });

  it('opens with the candidate’s values, the file on record, and the spec’s button and Back link', async () => {
    stubApi(() => ({}));
    renderEdit(<EditCandidatePage />, { candidate: RAE, cameFrom: '/onboardingreport?status=23' });
    await screen.findByText('Edit Candidate', { selector: 'h3' });
    expect(
      ['First Name', 'Middle Name', 'Last Name', 'E-mail', 'Mobile Number', 'MM-DD-YYYY', 'RAD ID', 'Street Address 1', 'Street Address 2', 'City', 'ZIP'].map((placeholder) => input(placeholder).value),
    ).toEqual(['Rae', 'Jo', 'Radlink', 'c-23@demo.test', '5125550100', '04-20-1990', 'RAD77', '1 Main St', 'Apt 2', 'Austin', '78701']);
    expect(itemOf('Shirt Size')).toHaveTextContent('L');
    expect(itemOf('State')).toHaveTextContent('TX');
    expect(screen.getByText('view the current photo copy')).toHaveAttribute('href', RAE.photo_copy_url);
    expect(itemOf('Government document')).toHaveTextContent('None on record yet.');
    expect(buttonOf('Update User')).toBeEnabled();
    expect(screen.getByText('Back')).toHaveAttribute('href', '/onboardingreport?status=23');
  });

  it('refuses bad input in the spec’s words and sends nothing', async () => {
    const api = stubApi(() => ({}));
    renderEdit(<EditCandidatePage />, { candidate: { ...RAE, rad_id: null, dob: '2015-01-01' } });
    await screen.findByText('Edit Candidate', { selector: 'h3' });
    type('E-mail', 'rae.at.demo');
    type('Mobile Number', '');
    chooseFile('Photo copy', new File(['png'], 'face.png', { type: 'image/png' }));
    fireEvent.click(buttonOf('Update User'));
    await waitFor(() =>
      expect(errorsShown()).toEqual([CANDIDATE_EDIT_MESSAGES.email, CANDIDATE_EDIT_MESSAGES.mobile, CANDIDATE_MESSAGES.adult, CANDIDATE_MESSAGES.radIdRequired, CANDIDATE_MESSAGES.jpegOnly]),
    );

    type('RAD ID', 'RAD-7');
    fireEvent.mouseDown(itemOf('Date of Birth').querySelector('.ant-picker-clear')!);
    fireEvent.click(itemOf('Date of Birth').querySelector('.ant-picker-clear')!);
    fireEvent.click(buttonOf('Update User'));
    await waitFor(() => expect(errorsShown()).toEqual([CANDIDATE_EDIT_MESSAGES.email, CANDIDATE_EDIT_MESSAGES.mobile, CANDIDATE_EDIT_MESSAGES.dobRequired, CANDIDATE_MESSAGES.radId, CANDIDATE_MESSAGES.jpegOnly]));
    expect(api.requests).toEqual([]);
  });

  it("sends multipart: the fields (date of birth MM-DD-YYYY) and the files as photo_copy and government_document; then the server's message and the Onboarding Summary", async () => {
    const api = stubApi(({ method, path }) => (method === 'POST' && path === updatePath('c-23') ? { message: 'Candidate updated successfully' } : {}));
    renderEdit(<EditCandidatePage />, { candidate: RAE, cameFrom: '/onboardingreport?status=23' });
    await screen.findByText('Edit Candidate', { selector: 'h3' });
    type('City', ' Round Rock ');
    type('Middle Name', '');
    chooseFile('Photo copy', jpeg('face.jpg'));
    chooseFile('Government document', jpeg('licence.JPEG'));
    await screen.findByText('licence.JPEG');
    fireEvent.click(buttonOf('Update User'));

    await waitFor(() => expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    const body = api.requests[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const fields = [...body.entries()].filter(([, value]) => typeof value === 'string');
    expect(Object.fromEntries(fields)).toEqual({
      first_name: 'Rae',
      last_name: 'Radlink',
      email: 'c-23@demo.test',
      mobile_number: '5125550100',
      rad_id: 'RAD77',
      shirt_size: 'L',
      street_address1: '1 Main St',
      street_address2: 'Apt 2',
      city: 'Round Rock',
      state: 'TX',
      zip: '78701',
      dob: '04-20-1990',
    });
    expect([body.get('photo_copy'), body.get('government_document')].map((file) => (file as File).name)).toEqual(['face.jpg', 'licence.JPEG']);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Candidate updated successfully' }));
    await waitFor(() => expect(where()).toBe('/onboardingreport?status=23'));
  });

  it("a refusal's fields land on their items; an onboarded candidate is not offered the update", async () => {
    stubApi(() => new Reply(409, { error: 'Conflict', message: 'A user with this e-mail address already exists', fields: { email: 'A user with this e-mail address already exists' } }));
    const view = renderEdit(<EditCandidatePage />, { candidate: RAE });
    await screen.findByText('Edit Candidate', { selector: 'h3' });
    fireEvent.click(buttonOf('Update User'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'A user with this e-mail address already exists' }));
    await waitFor(() => expect(errorsShown()).toEqual(['A user with this e-mail address already exists']));
    expect(screen.getByText('Back')).toHaveAttribute('href', '/onboardingreport');
    view.unmount();

    renderEdit(<EditCandidatePage />, { candidate: candidateRow('c-13', 13) });
    await screen.findByText('Edit Candidate', { selector: 'h3' });
    expect(buttonOf('Update User')).toBeDisabled();
    expect(buttonOf('Update User')).toHaveAccessibleDescription(ONBOARDED_NOTE);
  });
});
