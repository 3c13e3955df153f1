import { pads, stroke } from '../../../app/testing/signature-pad.test-util';
import { DOCUMENT_MESSAGES, FORM_STATUS } from '@portal/contracts/documents/documents.codes';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setBearer } from '../../../app/api-client';
import { installBrowserStubs } from '../../../app/report/render.test-util';
import { buttonOf, errorsShown, itemOf } from '../../../app/testing/form.test-util';
import { Reply, stubApi } from '../../../app/testing/page.test-util';
import { FORM_TEXTS } from '../forms-api';
import { FORM_PAGE, renderFormPage, unitFormView } from '../forms.test-util';
import UnitFormPage from './UnitFormPage';

vi.mock('signature_pad', () => import('../../../app/testing/signature-pad.test-util').then((util) => util.signaturePadModule));


beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  pads.length = 0;
  setBearer(undefined);
  document.body.innerHTML = '';
});

const type = (label: string, value: string) => fireEvent.change(itemOf(label).querySelector('input, textarea')!, { target: { value } });

describe('The form page', { timeout: 30_000 }, () => {
  it('shows the form, its unit, the rejection, the blank form and the signer; one item per field; asks without a bearer token', async () => {
    const api = stubApi(() => unitFormView());
    // A console session open in the same browser: its token still stays off the public calls.
    setBearer('token-1');
    renderFormPage(<UnitFormPage />);
    expect(await screen.findByText('Market and Office Compliance Form')).toBeInTheDocument();
    expect(screen.getByText('Texas Market')).toBeInTheDocument();
    expect(screen.getByText('IBO/Market:', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Rejected', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('Rejected: The tax id is missing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FORM_TEXTS.blankForm })).toHaveAttribute('href', unitFormView().template_url);
    expect(screen.getByRole('link', { name: FORM_TEXTS.blankForm })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Signing as Ida Ibo')).toBeInTheDocument();

    expect(itemOf('Tax ID').querySelector('input')).not.toBeNull();
    expect(itemOf('Notes').querySelector('textarea')).not.toBeNull();
    expect(screen.getByRole('checkbox', { name: 'I confirm the details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Signature').tagName).toBe('CANVAS');

    expect(api.requests[0]!.path).toBe(FORM_PAGE);
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('Save waits for a signature, refuses the missing required fields, then sends `values` as JSON and the PNG; the success is shown and the form is read again', async () => {
    let filled = false;
    const api = stubApi(({ method }) => {
      if (method === 'POST') {
        filled = true;
        return { message: DOCUMENT_MESSAGES.formUpdated };
      }
      return filled ? unitFormView({ status: FORM_STATUS.COMPLETED, status_text: 'Completed', reason: null, can_fill: false }) : unitFormView();
    });
    renderFormPage(<UnitFormPage />);
    await screen.findByText('Signing as Ida Ibo');

    const save = () => buttonOf('Save');
    expect(save()).toBeDisabled();
    expect(save().closest('[data-blocked-because]')).toHaveAttribute('data-blocked-because', DOCUMENT_MESSAGES.signatureRequired);
    stroke();
    expect(save()).toBeEnabled();

    fireEvent.click(save());
    await waitFor(() => expect(errorsShown()).toEqual(['Please input Tax ID', 'Please tick I confirm the details']));
    expect(api.bodies('POST', FORM_PAGE)).toEqual([]);

    type('Tax ID', '12-3456789');
    type('Notes', 'Two offices\nin Austin');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the details' }));
    fireEvent.click(save());
    await screen.findByText(DOCUMENT_MESSAGES.formUpdated);
    const sent = api.bodies('POST', FORM_PAGE)[0] as FormData;
    expect([...sent.keys()]).toEqual(['values', 'signature_image']);
    expect(JSON.parse(sent.get('values') as string)).toEqual({ 'Tax ID': '12-3456789', Notes: 'Two offices\nin Austin', 'I confirm the details': true });
    const signature = sent.get('signature_image') as File;
    expect([signature.name, signature.type]).toEqual(['signature.png', 'image/png']);

    // Read again: completed, no longer editable.
    expect(await screen.findByText(FORM_TEXTS.nothingLeft[FORM_STATUS.COMPLETED]!)).toBeInTheDocument();
    expect(screen.getByText('Completed', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.queryByText('Save')).toBeNull();
    expect(screen.queryByLabelText('Signature')).toBeNull();
  });

  it("shows a refusal's field problems on their items and under the signature; a 409 in the server's words", async () => {
    let reply: Reply = new Reply(400, { error: 'Bad Request', message: 'Please check the form', fields: { 'Tax ID': 'A value is at most 2000 characters', signature_image: 'The signature must be a PNG image' } });
    const api = stubApi(({ method }) => (method === 'POST' ? reply : unitFormView({ fields: [{ name: 'Tax ID', kind: 'text', required: false, multiline: false }] })));
    renderFormPage(<UnitFormPage />);
    await screen.findByText('Signing as Ida Ibo');
    type('Tax ID', 'x');
    stroke();
    fireEvent.click(buttonOf('Save'));
    await waitFor(() => expect(errorsShown()).toEqual(['A value is at most 2000 characters']));
    expect(screen.getByText('The signature must be a PNG image')).toHaveAttribute('role', 'alert');
    expect(JSON.parse((api.bodies('POST', FORM_PAGE)[0] as FormData).get('values') as string)).toEqual({ 'Tax ID': 'x' });

    reply = new Reply(409, { error: 'Conflict', message: 'A form that is accepted cannot be filled' });
    fireEvent.click(buttonOf('Save'));
    expect(await screen.findByText('A form that is accepted cannot be filled')).toBeInTheDocument();
  });

  it('an accepted form: its status and that nothing is left to do, no fields', async () => {
    stubApi(() => unitFormView({ status: FORM_STATUS.ACCEPTED, status_text: 'Accepted', reason: null, can_fill: false }));
    renderFormPage(<UnitFormPage />);
    expect(await screen.findByText(FORM_TEXTS.nothingLeft[FORM_STATUS.ACCEPTED]!)).toBeInTheDocument();
    expect(screen.getByText('Accepted', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.queryByText('Tax ID')).toBeNull();
    expect(screen.queryByText('Save')).toBeNull();
  });

  it('a link that is not valid (404) says only so', async () => {
    stubApi(() => new Reply(404, { error: 'Not Found', message: 'That form was not found.' }));
    renderFormPage(<UnitFormPage />);
    expect(await screen.findByText(FORM_TEXTS.linkNotValid)).toBeInTheDocument();
    expect(screen.queryByText('Market and Office Compliance Form')).toBeNull();
    expect(screen.queryByText('That form was not found.')).toBeNull();
    expect(document.querySelector('form')).toBeNull();
  });
});
