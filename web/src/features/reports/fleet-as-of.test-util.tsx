import type { FleetAsOfStatus } from '@portal/contracts/audit/audit.views';
import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

/** The fleet route the reports ask before they may send `as_of`. */
export const FLEET = '/api/v1/audit/fleet';

/** The browser's now in these tests: 10-15-2026, so 10-01-2026 is in the past and the picker opens on its month. */
export function freezeToday(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 9, 15, 10, 0));
}

/** The fleet's read model as of 10-01-2026; by default just started. */
export const fleetStatus = (change: Partial<FleetAsOfStatus> = {}): FleetAsOfStatus => ({
  as_of: '2026-10-01',
  status: 'building',
  percent: 0,
  events_applied: 0,
  moment: null,
  target_position: '1200.1200',
  started_at: '2026-10-15T15:00:00.000Z',
  ready_at: null,
  error: null,
  ...change,
});

/** A day of the open "As of" calendar (antd titles cells YYYY-MM-DD). */
export const asOfDay = (isoDay: string) => document.querySelector<HTMLElement>(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${isoDay}"]`)!;

/** Opens the "As of" picker. */
export async function openAsOf(): Promise<void> {
  const input = screen.getByLabelText('As of');
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.click(input);
  });
}

/** Opens the "As of" picker and picks a day of the month shown. */
export async function pickAsOf(isoDay: string): Promise<void> {
  await openAsOf();
  await act(async () => {
    fireEvent.click(asOfDay(isoDay));
  });
}

/** Waits for the next poll of a building read model (every second). */
export const POLL_WAIT = { timeout: 3000 };
