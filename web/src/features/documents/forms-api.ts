import { FORM_STATUS, type FormStatus, type UnitKind, formStatusName } from '@portal/contracts/documents/documents.codes';
import type { DocumentUrlAnswer } from '@portal/contracts/documents/documents.views';
import { ApiFailure, call, failureMessage, route } from '../../app/api-client';
import { notice } from '../../app/notice';
import { showReady } from '../../app/report/export-progress';

/**
 * The calls of the forms sent to IBOs/markets and offices (doc 3 §3, §4, §7 Documents and
 * announcements). The form page's two routes are public: the token in the path is the
 * credential, and api-client sends the session's bearer token only to guarded routes (so, as the
 * candidate's page, they go without one), and a refusal of theirs never ends a session.
 */
export const FORM_ROUTES = {
  list: route('GET', '/api/v1/get_document_list/:user_id'),
  download: route('GET', '/api/v1/get_document/:user_id'),
  page: route('GET', '/api/v1/forms/:form_id/:token'),
  fill: route('POST', '/api/v1/forms/:form_id/:token'),
};

/** The console's words around the forms (ours: the spec has none for these). */
export const FORM_TEXTS = {
  linkNotValid: 'This link is not valid or has expired.',
  noForms: 'No forms have been sent to you.',
  blankForm: 'View the blank form (PDF)',
  fillOnlyWhen: `Only a form that is ${formStatusName(FORM_STATUS.IN_PROGRESS)} or ${formStatusName(FORM_STATUS.REJECTED)} can be filled.`,
  filledByUnit: "This form is filled through the link sent to the unit's manager.",
  noDocuments: 'There is no filled copy to download yet.',
  nothingLeft: {
    [FORM_STATUS.COMPLETED]: 'The form is filled and signed: nothing is left to do while it is reviewed.',
    [FORM_STATUS.ACCEPTED]: 'The form was accepted: nothing is left to do.',
  } as Partial<Record<FormStatus, string>>,
} as const;

/** A unit's kind as the console names it (doc 3 §2: IBO/Market, Office). */
export const UNIT_KIND_NAMES: Record<UnitKind, string> = { ibo_marketer: 'IBO/Market', office: 'Office' };

/** GET get_document/{user_id}?form_id=: a form's filled copy as a signed link. */
export const filledCopyLink = (userId: string, formId: string) =>
  call<DocumentUrlAnswer>(FORM_ROUTES.download, { params: { user_id: userId }, query: { form_id: formId } }).then((answer) => answer.url);

/** The link is dead: the server's 404 for a wrong, replaced or unknown form link. */
export const isDeadLink = (failure: unknown): failure is ApiFailure => failure instanceof ApiFailure && failure.status === 404;

/**
 * Opens a signed link the server gives only after a call in a new tab. The tab is opened on the
 * click itself (a browser blocks a tab opened after a wait) and sent to the link once it comes;
 * if the browser refused even that, the link is offered as 'Your file is ready'. A failure closes
 * the tab and says why in the server's words.
 */
export async function openInNewTab(link: () => Promise<string>, key: string): Promise<void> {
  const tab = window.open('', '_blank');
  // The opened page must not reach back into the console.
  if (tab) tab.opener = null;
  try {
    const url = await link();
    if (tab) tab.location.href = url;
    else showReady(key, url);
  } catch (failure) {
    tab?.close();
    notice.failure(failureMessage(failure));
  }
}
