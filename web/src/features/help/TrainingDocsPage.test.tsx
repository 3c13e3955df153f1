import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { renderPage, stubApi } from '../../app/testing/page.test-util';
import { DOCUMENTS, DOCUMENT_TREE } from './help.test-util';
import TrainingDocsPage from './TrainingDocsPage';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The tree as the server filters it: categories with the items whose titles contain search_text. */
function serve() {
  return stubApi(({ path, query }) => {
    if (path !== DOCUMENTS) return {};
    const text = query.get('search_text')?.toLowerCase() ?? '';
    return { data: DOCUMENT_TREE.map((category) => ({ ...category, items: category.items.filter((item) => item.title.toLowerCase().includes(text)) })).filter((category) => category.items.length > 0) };
  });
}

describe('Training Documents', { timeout: 30_000 }, () => {
  it('shows the categories open with their documents as links that open in a new tab', async () => {
    serve();
    renderPage(<TrainingDocsPage />);
    expect(await screen.findByText('Getting Started')).toBeInTheDocument();
    expect(screen.getByText('Office Manager')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['Console basics', '/api/v1/training/files/d-1?expires=1&signature=s', '_blank', 'noopener noreferrer'],
      ['Your first sale', '/api/v1/training/files/d-2?expires=1&signature=s', '_blank', 'noopener noreferrer'],
      ['Receiving inventory', '/api/v1/training/files/d-3?expires=1&signature=s', '_blank', 'noopener noreferrer'],
      ['Carrier portal guide', 'https://carrier.example/guide', '_blank', 'noopener noreferrer'],
    ]);
  });

  it('searches the titles: filters at once, asks the server with search_text once typing pauses; says when nothing matches', async () => {
    const api = serve();
    renderPage(<TrainingDocsPage />);
    await screen.findByText('Console basics');
    const search = screen.getByLabelText('Search training documents');
    fireEvent.change(search, { target: { value: 'receiv' } });
    // Filtered on screen before the server answers.
    expect(screen.queryByText('Getting Started')).toBeNull();
    expect(screen.getByText('Receiving inventory')).toBeInTheDocument();
    await waitFor(() => expect(api.queries(DOCUMENTS)).toEqual([{}, { search_text: 'receiv' }]));

    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No training documents match your search')).toBeInTheDocument();
    await waitFor(() => expect(api.queries(DOCUMENTS).at(-1)).toEqual({ search_text: 'nothing like it' }));
  });
});
