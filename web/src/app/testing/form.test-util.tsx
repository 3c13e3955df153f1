import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/** Finding and working a screen's buttons, forms, selects, tables and confirm dialogs in jsdom (every feature's tests). */

/** The button showing this text (cheaper than a role query over a table). */
export const buttonOf = (text: string) => screen.getByText(text, { selector: 'button, button *' }).closest('button')!;

/** The texts of a table's column headers. */
export const columnTitles = () => [...document.querySelectorAll('.ant-table-thead th')].map((cell) => cell.textContent ?? '').filter((text) => text !== '');

/** The form item with this label. */
export const itemOf = (label: string) => screen.getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-form-item')!;

/** The search input of the select in the form item with this label (a type-ahead takes no id from its Form.Item). */
export const selectInItem = (label: string) => itemOf(label).querySelector<HTMLInputElement>('input')!;

/** The validation messages the form shows. */
export const errorsShown = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent);

/**
 * Opens a select and clicks one of its options; with `typed`, types it and waits past the
 * type-ahead's debounce first. The option is looked for in every open dropdown: two type-aheads
 * of one form share jsdom's generated id (TypeaheadSelect takes none), so `aria-controls` may
 * point at the other's list.
 */
export async function choose(input: HTMLInputElement, text: string, typed?: string) {
  fireEvent.mouseDown(input);
  if (typed !== undefined) {
    fireEvent.change(input, { target: { value: typed } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  }
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].filter((element) => element.textContent === text).at(-1);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(item);
}

/**
 * Clicks `trigger`, waits for the confirm dialog it opens (a new one: earlier ones may still be
 * closing in jsdom), and answers its title, its content and its buttons.
 */
export async function openConfirm(trigger: HTMLElement) {
  const before = new Set(document.querySelectorAll('.ant-modal-confirm'));
  fireEvent.click(trigger);
  const dialog = await waitFor(() => {
    const opened = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find((element) => !before.has(element));
    if (!opened) throw new Error('no new confirm dialog');
    return opened;
  });
  const button = (text: string) => [...dialog.querySelectorAll<HTMLElement>('.ant-modal-confirm-btns button')].find((element) => element.textContent === text)!;
  return {
    title: dialog.querySelector('.ant-modal-confirm-title')?.textContent,
    content: dialog.querySelector('.ant-modal-confirm-content')?.textContent,
    yes: () => fireEvent.click(button('Yes')),
    no: () => fireEvent.click(button('No')),
    /** Clicks the dialog's button showing this text (a warning's Continue or Cancel). */
    press: (text: string) => fireEvent.click(button(text)),
  };
}
