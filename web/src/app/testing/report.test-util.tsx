import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithClient } from '../report/render.test-util';
import { SessionProvider } from '../session-context';
import { signIn } from './page.test-util';
import { ROLE } from '@portal/contracts/platform/roles';

/** Renders a report signed in with `roles`, at `url` (a link's `?status=13` and the like). */
export function renderReport(ui: ReactElement, { roles = [ROLE.OFFICE_MANAGER], url = '/' }: { roles?: number[]; url?: string } = {}) {
  signIn(roles);
  return renderWithClient(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider>{ui}</SessionProvider>
    </MemoryRouter>,
  );
}

/** The search input of the antd Select showing this placeholder. */
export function selectInput(placeholder: string): HTMLInputElement {
  const select = screen.getByText(placeholder, { selector: '.ant-select-placeholder, .ant-select-placeholder *' }).closest('.ant-select')!;
  return select.querySelector<HTMLInputElement>('input')!;
}

/** The dropdown of a select, found through its input's `aria-controls` (other dropdowns may still be closing). */
function dropdownOf(input: HTMLElement): HTMLElement | null {
  const listId = input.getAttribute('aria-controls');
  return (listId && document.getElementById(listId)?.closest<HTMLElement>('.ant-select-dropdown')) || null;
}

/** The texts of the options a select's dropdown shows. */
export function optionsOf(input: HTMLElement): string[] {
  return [...(dropdownOf(input)?.querySelectorAll('.ant-select-item-option') ?? [])].map((item) => item.textContent ?? '');
}

/** The option showing this text in the dropdown of this select's input, once it is there. */
export async function option(input: HTMLElement, text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...(dropdownOf(input)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find((element) => element.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
}

/** Opens the select with this placeholder (or this input) and clicks one of its options. */
export async function pick(select: string | HTMLElement, text: string): Promise<void> {
  const input = typeof select === 'string' ? selectInput(select) : select;
  fireEvent.mouseDown(input);
  fireEvent.click(await option(input, text));
}

/** Opens a select and answers the texts of its options, once `expected` is among them. */
export async function openOptions(input: HTMLElement, expected: string): Promise<string[]> {
  fireEvent.mouseDown(input);
  await option(input, expected);
  return optionsOf(input);
}

/** Types into a type-ahead and waits past its debounce. */
export async function typeAhead(placeholder: string, text: string, waitMs = 400): Promise<void> {
  const input = selectInput(placeholder);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  await act(() => new Promise((resolve) => setTimeout(resolve, waitMs)));
}

/** The queries sent to a path, newest last. */
export const queriesOf = (requests: { path: string; query: URLSearchParams }[], path: string) => requests.filter((request) => request.path === path).map((request) => Object.fromEntries(request.query));
