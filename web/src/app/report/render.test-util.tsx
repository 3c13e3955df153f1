import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

let stubbed = false;

/**
 * What antd asks of the browser and jsdom lacks: matchMedia (responsive helpers), ResizeObserver
 * (lists, tables), getComputedStyle of pseudo-elements (scrollbar measuring; answered for the element).
 */
export function installBrowserStubs(): void {
  if (stubbed) return;
  stubbed = true;
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** Renders inside a fresh react-query client (no retries) and antd's App. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
}

/** A fetch stand-in answering JSON; `answer` sees the url and init of each call. */
export function mockFetch(answer: (url: string, init?: RequestInit) => unknown, status = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.stringify(answer(String(input), init));
    return { ok: status >= 200 && status < 300, status, text: async () => body } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query of the n-th call (0-based) of a fetch mock. */
export function requestedQuery(fetchMock: ReturnType<typeof mockFetch>, call: number): URLSearchParams {
  const url = String(fetchMock.mock.calls[call]![0]);
  return new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
}

/** The window as wide as `width`: antd's breakpoints (`Grid.useBreakpoint`) read it through matchMedia (undone by vi.unstubAllGlobals). */
export function windowWidth(width: number): void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, pixels]) => (bound === 'min' ? width >= Number(pixels) : width <= Number(pixels)));
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches(query), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }));
}
