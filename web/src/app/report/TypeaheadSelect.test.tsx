import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { route } from '../api-client';
import { installBrowserStubs, mockFetch, renderWithClient, requestedQuery } from './render.test-util';
import TypeaheadSelect, { AGED_REPORT_DEBOUNCE_MS } from './TypeaheadSelect';

beforeAll(installBrowserStubs);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const offices = route('GET', '/api/v1/reference/offices');
const officeAnswer = () => ({ data: [{ id: 'o-1', name: 'Austin North', office_number: 'TX-1' }] });

function type(text: string) {
  fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('TypeaheadSelect', { timeout: 20_000 }, () => {
  it('asks for at least 2 characters and calls nothing before', async () => {
    const fetchMock = mockFetch(officeAnswer);
    renderWithClient(<TypeaheadSelect route={offices} placeholder="Office" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await wait(10);
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    type('a');
    await wait(1000);
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls the route with term once typing pauses for 300 ms, and shows the matches', async () => {
    const fetchMock = mockFetch(officeAnswer);
    renderWithClient(<TypeaheadSelect route={offices} placeholder="Office" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    type('au');
    await wait(200);
    type('aus');
    await wait(299);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/v1\/reference\/offices\?/);
    expect(requestedQuery(fetchMock, 0).get('term')).toBe('aus');
    await wait(10);
    expect(screen.getByText('Austin North')).toBeInTheDocument();
  });

  it('honours a longer debounce (aged reports: 800 ms) and another minimum', async () => {
    const fetchMock = mockFetch(officeAnswer);
    renderWithClient(<TypeaheadSelect route={offices} minChars={3} debounceMs={AGED_REPORT_DEBOUNCE_MS} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    type('au');
    await wait(1000);
    expect(screen.getByText('Type at least 3 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    type('aus');
    await wait(799);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestedQuery(fetchMock, 0).get('term')).toBe('aus');
  });

  it('filters a list that takes no term in the browser, asking for it once', async () => {
    const fetchMock = mockFetch(() => ({ data: [{ id: 'm-1', name: 'Texas Market' }, { id: 'm-2', name: 'Ohio Market' }] }));
    const onChange = vi.fn();
    renderWithClient(<TypeaheadSelect route={route('GET', '/api/v1/reference/ibo_marketers')} search="client" onChange={onChange} />);
    await wait(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestedQuery(fetchMock, 0).has('term')).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    type('ohio');
    await wait(10);
    expect(screen.queryByText('Texas Market')).toBeNull();
    fireEvent.click(screen.getByText('Ohio Market'));
    expect(onChange).toHaveBeenCalledWith('m-2', expect.objectContaining({ value: 'm-2', label: 'Ohio Market' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
