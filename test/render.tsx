import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';

/** Component tests render once per test and leave nothing mounted behind. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders a component inside a fresh query cache, with a user that types and clicks. */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...view, client, user };
}

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs fetch with one answer per call; records what the browser sent. */
export function stubFetch(...answers: { status: number; body?: unknown }[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    const answer = answers.shift() ?? { status: 500, body: { error: 'unexpected call' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}
