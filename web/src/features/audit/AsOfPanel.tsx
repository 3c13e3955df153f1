import type { AuditEvent, DeviceStateAsOf } from '@portal/contracts/audit/audit.views';
import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, type DescriptionsProps, Flex, Slider, Spin, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { failureMessage } from '../../app/api-client';
import { shownDateTime, shownText } from '../../app/format';

/** The moment the device is shown at: now, just after one of its own events (the slider), or any instant (the pickers). */
export type AsOfChoice =
  | { readonly kind: 'now' }
  /** 0: before its first own event; n: after its n-th. */
  | { readonly kind: 'step'; readonly step: number }
  | { readonly kind: 'instant'; readonly day: Dayjs; readonly time: Dayjs | null };

/** The instant the pickers name: the day at the time chosen, or the day's last moment while no time is. */
export function instantOf(day: Dayjs, time: Dayjs | null): string {
  const moment = time ? day.hour(time.hour()).minute(time.minute()).second(0).millisecond(0) : day.endOf('day');
  return moment.toISOString();
}

/** The slider's words for a step: what the device had gone through by then. */
export function stepInWords(step: number, ownEvents: readonly AuditEvent[]): string {
  if (step === 0) return 'Before its first event';
  const event = ownEvents[step - 1];
  return event ? `After event ${step} of ${ownEvents.length}: ${event.words}` : '';
}

const TIME_FORMAT = 'hh:mm A';

/** Who held the device then: the agent, or else the office. */
function holderOf(state: DeviceStateAsOf): string {
  if (state.holder === 'agent') return shownText(state.agent_name);
  if (state.holder === 'office') return shownText(state.office_name);
  return '—';
}

/** The device at the moment chosen: status, holder, office, agent, carton, age, how many of its events made it so, and the moment. */
function StateCard({ state, choice, ownEvents }: { state: UseQueryResult<DeviceStateAsOf>; choice: AsOfChoice; ownEvents: readonly AuditEvent[] }) {
  const shown = state.data;
  const items: DescriptionsProps['items'] = shown && [
    { key: 'status', label: 'Status', children: shown.status_name },
    { key: 'holder', label: 'Holder', children: holderOf(shown) },
    { key: 'office', label: 'Office', children: shownText(shown.office_name) },
    { key: 'agent', label: 'Agent', children: shownText(shown.agent_name) },
    { key: 'carton', label: 'Carton', children: shownText(shown.carton_number) },
    { key: 'age', label: 'Age (days)', children: shown.age_days ?? '—' },
    { key: 'applied', label: 'Events applied', children: shown.events_applied },
    // Before its first event there is no moment to name: the answer's as_of would be now.
    { key: 'moment', label: 'As of', children: choice.kind === 'step' && choice.step === 0 ? stepInWords(0, ownEvents) : shownDateTime(shown.as_of) },
  ];
  return (
    <Card size="small" title={choice.kind === 'now' ? 'The device now' : 'The device then'} extra={state.isFetching && <Spin size="small" />} role="region" aria-label="The device as of the moment chosen">
      {state.isError && <Alert type="error" showIcon title={failureMessage(state.error)} style={{ marginBottom: 8 }} />}
      {items ? <Descriptions size="small" column={1} items={items} styles={{ content: { overflowWrap: 'anywhere' } }} /> : !state.isError && <Spin />}
    </Card>
  );
}

export interface AsOfPanelProps {
  readonly ownEvents: readonly AuditEvent[];
  readonly choice: AsOfChoice;
  readonly onChoose: (choice: AsOfChoice) => void;
  /** The step the slider shows when the choice is not a step (now: after the last; an instant: the answer's last event applied). */
  readonly restingStep: number;
  readonly state: UseQueryResult<DeviceStateAsOf>;
}

/**
 * "As of": a slider over the device's own events (0 before the first, n after the n-th) and a day
 * and time for any instant; either asks the server for the device then and shows the card. Now is
 * the default, and 'Now' returns to it.
 */
export default function AsOfPanel({ ownEvents, choice, onChoose, restingStep, state }: AsOfPanelProps) {
  // While the handle moves, the slider shows where it is; the server is asked when it stops.
  const [moving, setMoving] = useState<number>();
  const count = ownEvents.length;
  const step = moving ?? (choice.kind === 'step' ? choice.step : restingStep);
  const instant = choice.kind === 'instant' ? choice : undefined;
  const today = dayjs();

  return (
    <Flex vertical gap={12}>
      <Card size="small" title="As of" extra={<Button size="small" disabled={choice.kind === 'now'} onClick={() => onChoose({ kind: 'now' })}>Now</Button>}>
        {count > 0 && (
          <>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Its own events
            </Typography.Text>
            <Slider
              min={0}
              max={count}
              step={1}
              value={step}
              marks={{ 0: '0', [count]: String(count) }}
              onChange={setMoving}
              onChangeComplete={(chosen) => {
                setMoving(undefined);
                onChoose({ kind: 'step', step: chosen });
              }}
              ariaLabelForHandle="As of event"
              ariaValueTextFormatterForHandle={(value) => stepInWords(value ?? 0, ownEvents)}
            />
            <Typography.Paragraph style={{ overflowWrap: 'anywhere', marginBottom: 12 }}>{choice.kind === 'now' && moving === undefined ? 'Now' : stepInWords(step, ownEvents)}</Typography.Paragraph>
          </>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Any moment
        </Typography.Text>
        {/* Two pickers rather than one date-and-time panel, which is wider than a phone. */}
        <Flex wrap gap={8}>
          <DatePicker
            aria-label="As of day"
            format={DATE_FORMAT}
            placeholder={DATE_FORMAT}
            value={instant?.day ?? null}
            disabledDate={(day) => day.isAfter(today, 'day') || day.year() < 2000}
            onChange={(day: Dayjs | null) => onChoose(day ? { kind: 'instant', day, time: instant?.time ?? null } : { kind: 'now' })}
            style={{ flex: '1 1 140px' }}
          />
          <TimePicker
            aria-label="As of time"
            format={TIME_FORMAT}
            use12Hours
            placeholder="End of day"
            value={instant?.time ?? null}
            disabled={!instant}
            onChange={(time: Dayjs | null) => instant && onChoose({ ...instant, time })}
            style={{ flex: '1 1 120px' }}
          />
        </Flex>
      </Card>
      <StateCard state={state} choice={choice} ownEvents={ownEvents} />
    </Flex>
  );
}
