import { ROLE } from '@portal/contracts/platform/roles';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownDateTime } from '../../app/format';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, errorsShown } from '../../app/testing/form.test-util';
import { Reply, stubApi } from '../../app/testing/page.test-util';
import { renderReport } from '../../app/testing/report.test-util';
import { HISTORY, HISTORY_PATH, IMEI, STATE_PATH, stateAsOf } from './audit.test-util';
import DeviceTimelinePage from './DeviceTimelinePage';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The device as of each `as_of` the tests send: now, after its 2nd own event, before everything, at an instant. */
function serve(history: unknown = HISTORY) {
  return stubApi(({ path, query }) => {
    if (path === HISTORY_PATH) return history;
    if (path === STATE_PATH) {
      const asOf = query.get('as_of');
      if (asOf === '102.102') return stateAsOf({ position: '102.102', events_applied: 2, status_name: 'Agent Pending', as_of: '2025-03-05T14:30:00.000Z', age_days: 3 });
      if (asOf === '0.0') return stateAsOf({ position: null, events_applied: 0, status: 0, status_name: 'Not received', holder: 'none', office_id: null, office_name: null, agent_id: null, agent_name: null, carton_number: null, age_days: null });
      if (asOf) return stateAsOf({ position: '100.100', events_applied: 1, status_name: 'Manager Received', holder: 'office', agent_id: null, agent_name: null, as_of: asOf, age_days: 2 });
      return stateAsOf();
    }
    return {};
  });
}

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

const openOn = (imei = IMEI, roles: number[] = [ROLE.AUDITOR]) =>
  renderReport(
    <>
      <DeviceTimelinePage />
      <Where />
    </>,
    { roles, url: `/audit/device?imei=${imei}` },
  );

/** The timeline's steps, in the order shown. */
const steps = () => [...document.querySelectorAll<HTMLElement>('[data-event-id]')];
const stepOf = (eventId: string) => document.querySelector<HTMLElement>(`[data-event-id="${eventId}"]`)!;
/** The state card's value for a label. */
const cardValue = (label: string) => {
  const card = screen.getByLabelText('The device as of the moment chosen');
  const cell = [...card.querySelectorAll('.ant-descriptions-item-label')].find((element) => element.textContent === label);
  return cell?.parentElement?.querySelector('.ant-descriptions-item-content')?.textContent;
};
/** A key pressed and released on the slider's handle: it moves on the press and asks on the release. */
function pressKey(handle: HTMLElement, key: string, keyCode: number) {
  act(() => {
    fireEvent.keyDown(handle, { key, code: key, keyCode });
  });
  act(() => {
    fireEvent.keyUp(handle, { key, code: key, keyCode });
  });
}
const statesAsked = (api: ReturnType<typeof serve>) => api.queries(STATE_PATH).map((query) => query.as_of);

describe('Device Timeline', { timeout: 30_000 }, () => {
  it("shows the URL's device: its steps in the store's order with who and when, the related record's step in grey with its kind, and the device now", async () => {
    const api = serve();
    openOn();
    await screen.findByText('Received by Austin South');
    expect(steps().map((step) => step.dataset.eventId)).toEqual(['e-1', 'e-2', 'e-3', 'e-4']);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'IMEI' }).value).toBe(IMEI);

    // Who (the name, or 'system') and when (the business time, else the recorded time).
    expect(within(stepOf('e-3')).getByText(`Oscar Office · ${shownDateTime('2025-03-05T14:30:00.000Z')}`)).toBeInTheDocument();
    expect(within(stepOf('e-4')).getByText(`system · ${shownDateTime('2025-03-09T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(stepOf('e-3')).getByText('DeviceAssigned')).toBeInTheDocument();

    // The receive job's step: secondary text, its kind, a grey dot; the device's own steps are plain.
    const related = stepOf('e-2');
    expect(within(related).getByText('Receive job')).toBeInTheDocument();
    expect(within(related).getByText('Receive job accepted (receive-job)')).toHaveClass('ant-typography-secondary');
    expect(within(stepOf('e-1')).getByText('Received by Austin South')).not.toHaveClass('ant-typography-secondary');
    expect(within(stepOf('e-1')).queryByText('Receive job')).toBeNull();
    const dotColor = (eventId: string) => stepOf(eventId).closest('.ant-timeline-item')!.className;
    expect(dotColor('e-2')).toMatch(/gray/);
    expect(dotColor('e-1')).not.toMatch(/gray/);

    // The device now: no as_of sent.
    await waitFor(() => expect(cardValue('Status')).toBe('Sold'));
    expect([cardValue('Holder'), cardValue('Office'), cardValue('Agent'), cardValue('Carton'), cardValue('Age (days)'), cardValue('Events applied')]).toEqual(['Ann Agent', 'Austin South', 'Ann Agent', 'C-100', '8', '3']);
    expect(statesAsked(api)).toEqual([undefined]);
    expect(steps().some((step) => step.getAttribute('aria-current') === 'step')).toBe(false);
  });

  it("expands a step to its full envelope and folds it again", async () => {
    serve();
    openOn();
    await screen.findByText('Assigned to Ann Agent');
    const toggle = within(stepOf('e-3')).getByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const envelope = stepOf('e-3').querySelector('.ant-descriptions')!;
    // A value by its label: beside it on a wide screen, under it on a narrow one (jsdom's).
    const value = (label: string) => {
      const cell = [...envelope.querySelectorAll('.ant-descriptions-item-label')].find((candidate) => candidate.textContent === label)!;
      return (cell.nextElementSibling ?? cell.closest('tr')!.nextElementSibling)?.textContent;
    };
    expect(value('Position')).toBe('102.102');
    expect(value('Stream')).toBe(`device-${IMEI}`);
    expect(value('Stream version')).toBe('2');
    expect(value('Event ID')).toBe('e-3');
    expect(value('Schema version')).toBe('1');
    expect(value('Recorded at')).toBe('2025-03-02T15:00:01.000Z');
    expect(value('Roles')).toBe('Office Manager (3)');
    expect(value('Scope')).toBe('retailer r-1');
    expect(value('Command ID')).toBe('cmd-1');
    expect(value('Correlation ID')).toBe('cor-1');
    expect(value('Causation ID')).toBe('e-2');
    expect(JSON.parse(envelope.querySelector('pre')!.textContent!)).toEqual({ imei: IMEI, agent_id: 'u-ann' });
    // Only the step asked for opens.
    expect(stepOf('e-1').querySelector('.ant-descriptions')).toBeNull();

    fireEvent.click(toggle);
    expect(stepOf('e-3').querySelector('.ant-descriptions')).toBeNull();
  });

  it("the slider asks for the device as of an own event's position, marks that step and fades the later ones; 0 asks before everything", async () => {
    const api = serve();
    openOn();
    await screen.findByText('Activated');
    await waitFor(() => expect(cardValue('Status')).toBe('Sold'));
    const handle = screen.getByRole('slider', { name: 'As of event' });
    // Now: after the last of its three own events.
    expect(handle).toHaveAttribute('aria-valuenow', '3');

    pressKey(handle, 'ArrowLeft', 37);
    await waitFor(() => expect(statesAsked(api)).toEqual([undefined, '102.102']));
    await waitFor(() => expect(cardValue('Status')).toBe('Agent Pending'));
    expect([cardValue('Events applied'), cardValue('Age (days)'), cardValue('As of')]).toEqual(['2', '3', shownDateTime('2025-03-05T14:30:00.000Z')]);
    expect(screen.getByText('After event 2 of 3: Assigned to Ann Agent')).toBeInTheDocument();
    expect(steps().filter((step) => step.getAttribute('aria-current') === 'step').map((step) => step.dataset.eventId)).toEqual(['e-3']);
    expect(within(stepOf('e-3')).getByText('As of here')).toBeInTheDocument();
    expect(steps().filter((step) => step.style.opacity !== '1').map((step) => step.dataset.eventId)).toEqual(['e-4']);

    pressKey(handle, 'Home', 36);
    await waitFor(() => expect(statesAsked(api).at(-1)).toBe('0.0'));
    await waitFor(() => expect(cardValue('Status')).toBe('Not received'));
    expect([cardValue('Holder'), cardValue('Events applied'), cardValue('As of')]).toEqual(['—', '0', 'Before its first event']);
    expect(steps().filter((step) => step.style.opacity !== '1')).toHaveLength(4);

    // Now returns to the default: no as_of.
    fireEvent.click(buttonOf('Now'));
    await waitFor(() => expect(cardValue('Status')).toBe('Sold'));
    expect(steps().filter((step) => step.style.opacity !== '1')).toHaveLength(0);
  });

  it('the day picker asks for the device as of an ISO instant: the end of that day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 15, 14, 30));
    const api = serve();
    openOn();
    await screen.findByText('Activated');
    const day = screen.getByLabelText('As of day');
    await act(async () => {
      fireEvent.mouseDown(day);
      fireEvent.focus(day);
      fireEvent.click(day);
    });
    // No later day than today.
    const cell = (isoDay: string) => document.querySelector<HTMLElement>(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${isoDay}"]`)!;
    expect(cell('2025-03-16')).toHaveClass('ant-picker-cell-disabled');
    await act(async () => {
      fireEvent.click(cell('2025-03-03'));
    });

    const expected = dayjs('2025-03-03').endOf('day').toISOString();
    await waitFor(() => expect(statesAsked(api).at(-1)).toBe(expected));
    expect(expected).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await waitFor(() => expect(cardValue('Status')).toBe('Manager Received'));
    expect(cardValue('As of')).toBe(shownDateTime(expected));
    // The step the answer's moment stops at is marked; what happened after that day is faded.
    expect(steps().filter((step) => step.getAttribute('aria-current') === 'step').map((step) => step.dataset.eventId)).toEqual(['e-1']);
    expect(steps().filter((step) => step.style.opacity !== '1').map((step) => step.dataset.eventId)).toEqual(['e-3', 'e-4']);
  });

  it("a device outside the user's inventory (404) is an empty state with the server's sentence; another failure shows its message", async () => {
    const sentence = `IMEI ${IMEI} is not in your inventory.`;
    const api = serve(new Reply(404, { error: 'Not Found', message: sentence }));
    const view = openOn();
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByText(sentence).closest('.ant-empty')).not.toBeNull();
    expect(api.queries(STATE_PATH)).toEqual([]);
    view.unmount();

    serve(new Reply(500, { error: 'Internal Server Error', message: 'The event store did not answer' }));
    openOn();
    expect(await screen.findByRole('alert')).toHaveTextContent('The event store did not answer');
  });

  it('checks the IMEI with the server schema before asking, and keeps the one searched in the URL', async () => {
    const api = serve();
    renderReport(
      <>
        <DeviceTimelinePage />
        <Where />
      </>,
      { roles: [ROLE.RETAILER_MANAGER], url: '/audit/device' },
    );
    const box = screen.getByRole('searchbox', { name: 'IMEI' });
    fireEvent.change(box, { target: { value: '12a' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(errorsShown()).toEqual(['An IMEI is 4 to 20 digits']));
    expect(api.requests).toEqual([]);

    fireEvent.change(box, { target: { value: ` ${IMEI} ` } });
    fireEvent.click(buttonOf('Search'));
    await screen.findByText('Received by Austin South');
    expect(screen.getByLabelText('location')).toHaveTextContent(`/audit/device?imei=${IMEI}`);
    expect(api.requests[0]!.path).toBe(HISTORY_PATH);
  });

  it('names a refused IMEI from a link at once and asks nothing', async () => {
    const api = serve();
    openOn('12');
    await waitFor(() => expect(errorsShown()).toEqual(['An IMEI is 4 to 20 digits']));
    expect(api.requests).toEqual([]);
  });
});
