import { FORM_STATUS } from '@portal/contracts/documents/documents.codes';
import type { ManagerDocumentItem, UnitFormPage as UnitFormView } from '@portal/contracts/documents/documents.views';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { renderWithClient } from '../../app/report/render.test-util';

/** The signed-in user of page.test-util's `signIn`: the lists are asked with this id. */
export const OWN_ID = 'u1';
export const DOCUMENT_LIST = `/api/v1/get_document_list/${OWN_ID}`;
export const DOCUMENT_LINK = `/api/v1/get_document/${OWN_ID}`;
export const FILLED_URL = '/api/v1/documents/files/filled/f-2?expires=1&signature=s';

/** A form of the Manager documents list: Austin North's, in progress, fillable by the caller. */
export const managerDocument = (form_id: string, change: Partial<ManagerDocumentItem> = {}): ManagerDocumentItem => ({
  form_id,
  form_name: 'Market and Office Compliance Form',
  unit_kind: 'office',
  unit_name: 'Austin North',
  created_at: '2025-03-04T15:00:00.000Z',
  updated_at: '2025-03-05T15:00:00.000Z',
  status: FORM_STATUS.IN_PROGRESS,
  status_text: 'In Progress',
  reason: null,
  fill_url: `/form/${form_id}/tok-${form_id}`,
  download: false,
  ...change,
});

export const FORM_ID = 'f-9';
export const TOKEN = 'tok-9';
export const FORM_PAGE = `/api/v1/forms/${FORM_ID}/${TOKEN}`;

/** The form page's answer: a rejected form of Texas Market with three fields, to fill again. */
export const unitFormView = (change: Partial<UnitFormView> = {}): UnitFormView => ({
  form_id: FORM_ID,
  form_name: 'Market and Office Compliance Form',
  unit_kind: 'ibo_marketer',
  unit_name: 'Texas Market',
  status: FORM_STATUS.REJECTED,
  status_text: 'Rejected',
  reason: 'The tax id is missing',
  can_fill: true,
  signer_name: 'Ida Ibo',
  fields: [
    { name: 'Tax ID', kind: 'text', required: true, multiline: false },
    { name: 'Notes', kind: 'text', required: false, multiline: true },
    { name: 'I confirm the details', kind: 'checkbox', required: true, multiline: false },
  ],
  template_url: '/api/v1/documents/files/form/f-9?expires=1&signature=s',
  ...change,
});

/** Renders the form page at /form/:form_id/:token, signed out (the token is the credential). */
export function renderFormPage(ui: ReactElement, path = `/form/${FORM_ID}/${TOKEN}`) {
  localStorage.clear();
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/form/:form_id/:token" element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}

/** window.open stood in for: the tab it opens, whose address the page sets once the link comes. */
export function stubNewTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.fn(() => tab as unknown as Window);
  vi.stubGlobal('open', open);
  return { tab, open };
}
