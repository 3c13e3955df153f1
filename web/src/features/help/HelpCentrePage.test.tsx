import { HELP_MESSAGES } from '@portal/contracts/help/help.codes';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, errorsShown } from '../../app/testing/form.test-util';
import { Reply, lastNotice, renderPage, stubApi } from '../../app/testing/page.test-util';
import HelpCentrePage from './HelpCentrePage';
import { CONTACTS, SUPPORT_REQUEST } from './help.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function serve(support: () => unknown = () => new Reply(201, { message: HELP_MESSAGES.supportSent })) {
  return stubApi(({ method, path }) => {
    if (path === CONTACTS) return { data: { email: 'support@demo.test', phone: '+1 (512) 555-0100' } };
    if (method === 'POST' && path === SUPPORT_REQUEST) return support();
    return {};
  });
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;

describe('Help centre', { timeout: 30_000 }, () => {
  it('shows the contacts as mailto and tel links, and cards to the training pages and the FAQ', async () => {
    serve();
    renderPage(<HelpCentrePage />);
    expect(await screen.findByRole('link', { name: 'support@demo.test' })).toHaveAttribute('href', 'mailto:support@demo.test');
    expect(screen.getByRole('link', { name: '+1 (512) 555-0100' })).toHaveAttribute('href', 'tel:+15125550100');
    expect(screen.getByText('Help centre')).toBeInTheDocument();
    const cardLink = (title: string) => screen.getByText(title).closest('a');
    expect([cardLink('Training Documents'), cardLink('Training Videos'), cardLink("FAQ's")].map((link) => link?.getAttribute('href'))).toEqual(['/trainingdocs', '/trainingvideos', '/faq']);
  });

  it('the support form starts with the user\'s name and e-mail, checks what the server checks, posts the request and clears subject and message', async () => {
    const api = serve();
    renderPage(<HelpCentrePage />);
    expect(field('Name').value).toBe('M N');
    expect(field('E-mail').value).toBe('m@demo.test');

    fireEvent.change(field('E-mail'), { target: { value: 'not-an-address' } });
    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.email, HELP_MESSAGES.subject, HELP_MESSAGES.message]));
    expect(api.bodies('POST', SUPPORT_REQUEST)).toEqual([]);

    fireEvent.change(field('E-mail'), { target: { value: ' m@demo.test ' } });
    fireEvent.change(field('Subject'), { target: { value: 'Cannot assign' } });
    fireEvent.change(field('How can we help?'), { target: { value: 'The Assign button stays grey.\nWhy?' } });
    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: HELP_MESSAGES.supportSent }));
    expect(api.bodies('POST', SUPPORT_REQUEST)).toEqual([{ name: 'M N', email: 'm@demo.test', subject: 'Cannot assign', message: 'The Assign button stays grey.\nWhy?' }]);
    await waitFor(() => expect(field('Subject').value).toBe(''));
    expect(field('How can we help?').value).toBe('');
    expect(field('Name').value).toBe('M N');
  });

  it('a refusal shows in an Oops popup and its field texts on the fields', async () => {
    serve(() => new Reply(422, { error: 'Unprocessable Entity', message: 'Please check the form', fields: { email: HELP_MESSAGES.email } }));
    renderPage(<HelpCentrePage />);
    fireEvent.change(field('Subject'), { target: { value: 'Hello' } });
    fireEvent.change(field('How can we help?'), { target: { value: 'Hi' } });
    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'Please check the form' }));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.email]));
    expect(field('Subject').value).toBe('Hello');
  });
});
