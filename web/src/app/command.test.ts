import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeredAheadOfReadModels, call, route } from './api-client';
import { RELOADS_WHILE_BEHIND_MS, reloadAfter } from './command';

const ship = route('GET', '/api/v1/manager/update_rma_order_to_shipped_status/:id');
const orders = route('GET', '/api/v1/manager/get_rma_orders_list');

const answering = (headers: Record<string, string>) =>
  vi.fn(async () => new Response(JSON.stringify({ message: 'item shipped' }), { status: 200, headers: { 'content-type': 'application/json', ...headers } }));

describe('a command answered ahead of the read models (read-your-writes past its bound)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is told by x-projections-behind: 1, and only then', async () => {
    vi.stubGlobal('fetch', answering({ 'x-projections-behind': '1' }));
    expect(answeredAheadOfReadModels(await call(ship, { params: { id: 'o-1' } }))).toBe(true);
    vi.stubGlobal('fetch', answering({}));
    expect(answeredAheadOfReadModels(await call(ship, { params: { id: 'o-1' } }))).toBe(false);
  });

  it('reloads the lists it changed at once, and again as the read models catch up', async () => {
    vi.stubGlobal('fetch', answering({ 'x-projections-behind': '1' }));
    const answer = await call(ship, { params: { id: 'o-1' } });
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    reloadAfter(client, answer, [orders]);
    expect(invalidated).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RELOADS_WHILE_BEHIND_MS.at(-1)!);
    expect(invalidated).toHaveBeenCalledTimes(1 + RELOADS_WHILE_BEHIND_MS.length);
    expect(invalidated).toHaveBeenLastCalledWith({ queryKey: ['GET', '/api/v1/manager/get_rma_orders_list'] });
  });

  it('reloads once when the read models had applied it', async () => {
    vi.stubGlobal('fetch', answering({}));
    const answer = await call(ship, { params: { id: 'o-1' } });
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    reloadAfter(client, answer, [orders]);
    await vi.advanceTimersByTimeAsync(RELOADS_WHILE_BEHIND_MS.at(-1)!);
    expect(invalidated).toHaveBeenCalledTimes(1);
  });
});
