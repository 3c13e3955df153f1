import { HELP_MESSAGES } from '@portal/contracts/help/help.codes';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { renderPage, stubApi } from '../../app/testing/page.test-util';
import FaqPage from './FaqPage';
import { FAQ, FAQ_ENTRIES } from './help.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  delete (window as { hacked?: boolean }).hacked;
});

function serve() {
  return stubApi(({ path, query }) => {
    if (path !== FAQ) return {};
    const text = query.get('search_text')?.toLowerCase();
    return { data: text ? FAQ_ENTRIES.filter((entry) => `${entry.question} ${entry.answer}`.toLowerCase().includes(text)) : FAQ_ENTRIES };
  });
}

const openItems = () => [...document.querySelectorAll('.ant-collapse-item-active .ant-collapse-header')].map((header) => header.textContent);

describe('FAQ', { timeout: 30_000 }, () => {
  it('asks the server as the user types, once they pause (debounced), and at once on Enter; says when nothing matches', async () => {
    const api = serve();
    renderPage(<FaqPage />);
    await screen.findByText('How do I transfer devices?');
    expect(api.queries(FAQ)).toEqual([{}]);

    const search = screen.getByPlaceholderText(HELP_MESSAGES.faqSearch);
    for (const typed of ['r', 'rm', 'rma']) fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(api.queries(FAQ).at(-1)).toEqual({ search_text: 'rma' }));
    // The keystrokes before the pause asked nothing.
    expect(api.queries(FAQ)).toEqual([{}, { search_text: 'rma' }]);
    await waitFor(() => expect(screen.queryByText('How do I transfer devices?')).toBeNull());
    expect(screen.getByText('How does an RMA work?')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'zebra' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(api.queries(FAQ).at(-1)).toEqual({ search_text: 'zebra' });
    expect(await screen.findByText('No questions match your search')).toBeInTheDocument();
  });

  it('keeps one question open at a time; an HTML answer is shown sanitised, a text answer keeps its line breaks', async () => {
    serve();
    renderPage(<FaqPage />);
    fireEvent.click(await screen.findByText('How do I log in?'));
    const bold = await screen.findByText('login page');
    expect(bold.tagName).toBe('B');
    const answer = bold.closest('.faq-answer')!;
    expect(answer.querySelector('script')).toBeNull();
    expect(answer.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(openItems()).toEqual(['How do I log in?']);

    fireEvent.click(screen.getByText('How do I transfer devices?'));
    const text = await screen.findByText(/Open Transfer Inventory/);
    expect(text.textContent).toBe('Open Transfer Inventory.\nPick the cartons and the office.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-line' });
    await waitFor(() => expect(openItems()).toEqual(['How do I transfer devices?']));
  });
});
