import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { renderWithClient } from '../report/render.test-util';
import { SessionProvider } from '../session-context';
import { ROLE } from '@portal/contracts/platform/roles';

/** Stores a signed-in session with these roles, as the login would. */
export function signIn(roles: number[]): void {
  localStorage.setItem(
    'user',
    JSON.stringify({ email: 'm@demo.test', idToken: 'token-1', localId: 'u1', expiresIn: 1_000_000_000, role_id: roles, role_name: 'X', displayName: 'M N', expireDate: new Date(Date.now() + 3_600_000).toISOString(), password_changed: 1, user_id: 'u1' }),
  );
}

/** Renders a page signed in with `roles`, inside a router, a query client and antd's App. */
export function renderPage(ui: ReactElement, roles: number[] = [ROLE.OFFICE_MANAGER]) {
  signIn(roles);
  return renderWithClient(
    <MemoryRouter>
      <SessionProvider>{ui}</SessionProvider>
    </MemoryRouter>,
  );
}

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
  headers: Record<string, string>;
}

/** An answer with another status than 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** Stubs fetch: `answer` sees each request (method, path, query, body) and returns its JSON, or a `Reply`. */
export function stubApi(answer: (request: ApiRequest) => unknown) {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const request: ApiRequest = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body, headers: (init?.headers ?? {}) as Record<string, string> };
    requests.push(request);
    const answered = answer(request);
    const reply = answered instanceof Reply ? answered : new Reply(200, answered ?? {});
    const text = JSON.stringify(reply.body);
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, text: async () => text } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The bodies sent to one route, in order. */
    bodies: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path).map((request) => request.body),
    /** The queries of the calls to one route, in order. */
    queries: (path: string) => requests.filter((request) => request.path === path).map((request) => Object.fromEntries(request.query)),
  };
}

/** A page of a list, as the paged inventory calls answer. */
export const paged = <Row,>(data: Row[], page = 1) => ({ items: { data, total: data.length, current_page: page } });

/** The row of a table that shows this text. */
export const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

/** Ticks the selection checkbox of the row showing this text. */
export function tickRow(text: string): void {
  fireEvent.click(rowCheckbox(text));
}

/** The selection checkbox of the table row showing `text`. */
export function rowCheckbox(text: string): HTMLInputElement {
  return within(rowOf(text)).getByRole<HTMLInputElement>('checkbox');
}

/** Opens an antd Select (found by its form label) and clicks one of its options. */
export async function choose(label: string, option: string): Promise<void> {
  // The last of that name in the document: a drawer's field opens after (and over) a filter of the same name.
  const named = screen.getAllByLabelText(label, { selector: 'input[role=combobox]' });
  fireEvent.mouseDown(named.sort((first, second) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)).at(-1)!);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((element) => element.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

/** The text of the last success or failure popup (notice). */
export const lastNotice = () => ({
  title: [...document.querySelectorAll('.ant-modal-confirm-title')].at(-1)?.textContent,
  content: [...document.querySelectorAll('.ant-modal-confirm-content')].at(-1)?.textContent,
});
