import { auditDeviceParams } from '@portal/contracts/audit/audit.schemas';
import type { AuditEvent } from '@portal/contracts/audit/audit.views';
import { Alert, Card, Col, Empty, Form, Grid, Input, Row, Skeleton, Timeline, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ApiFailure, failureMessage } from '../../app/api-client';
import { checkedBy } from '../../app/schema-rule';
import AsOfPanel, { type AsOfChoice, instantOf } from './AsOfPanel';
import { BEFORE_EVERYTHING, imeiProblem, isAfter, useDeviceHistory, useDeviceStateAsOf } from './audit-api';
import TimelineStep, { stepTime } from './TimelineStep';

/** The IMEI box: checked by the server's own schema (4 to 20 digits) before anything is asked. */
function ImeiSearch({ initial, onSearch }: { initial: string; onSearch: (imei: string) => void }) {
  const [form] = Form.useForm<{ imei: string }>();
  // An IMEI from a link that the schema refuses is named at once, in the server's words.
  useEffect(() => {
    if (initial) form.validateFields().catch(() => undefined);
  }, [form, initial]);
  return (
    <Form form={form} name="device-timeline" initialValues={{ imei: initial }} onFinish={({ imei }) => onSearch(imei.trim())} style={{ maxWidth: 420, marginBottom: 16 }}>
      <Form.Item name="imei" rules={[checkedBy(auditDeviceParams.shape.imei)]}>
        <Input.Search
          aria-label="IMEI"
          placeholder="IMEI"
          inputMode="numeric"
          enterButton="Search"
          allowClear
          onSearch={(_typed, _event, info) => {
            if (info?.source !== 'clear') form.submit();
          }}
        />
      </Form.Item>
    </Form>
  );
}

/** What a failed history call shows: a device outside the user's inventory as an empty state with the server's sentence, anything else as an error. */
function HistoryFailure({ failure }: { failure: Error }) {
  if (failure instanceof ApiFailure && failure.status === 404) return <Empty description={failure.message} />;
  return <Alert type="error" showIcon title={failureMessage(failure)} />;
}

/** The position the slider's step stops at: before everything for 0, the n-th own event's for n. */
const positionOfStep = (step: number, ownEvents: readonly AuditEvent[]): string => (step === 0 ? BEFORE_EVERYTHING : (ownEvents[step - 1]?.position ?? BEFORE_EVERYTHING));

/** The `as_of` sent for a choice: none for now, a store position for a step, an ISO instant for the pickers. */
function asOfParameter(choice: AsOfChoice, ownEvents: readonly AuditEvent[]): string | undefined {
  if (choice.kind === 'now') return undefined;
  if (choice.kind === 'step') return positionOfStep(choice.step, ownEvents);
  return instantOf(choice.day, choice.time);
}

/** One device: its history as a timeline and, beside it (above it on a phone), the device as of a moment. */
function DeviceTimeline({ imei }: { imei: string }) {
  const history = useDeviceHistory(imei);
  const screens = Grid.useBreakpoint();
  const events = useMemo(() => history.data?.events ?? [], [history.data]);
  const ownEvents = useMemo(() => events.filter((event) => event.own), [events]);
  const [choice, setChoice] = useState<AsOfChoice>({ kind: 'now' });
  const asOf = asOfParameter(choice, ownEvents);
  const state = useDeviceStateAsOf(imei, asOf, history.isSuccess);

  // The step the moment stops at, and which steps come after it.
  const chosenPosition = choice.kind === 'step' ? (choice.step > 0 ? positionOfStep(choice.step, ownEvents) : undefined) : choice.kind === 'instant' ? (state.data?.position ?? undefined) : undefined;
  const isLater = (event: AuditEvent): boolean => {
    if (choice.kind === 'step') return isAfter(event, positionOfStep(choice.step, ownEvents));
    // An instant counts each event by when it happened, as the server does.
    if (choice.kind === 'instant' && asOf) return Date.parse(stepTime(event)) > Date.parse(asOf);
    return false;
  };
  const restingStep = choice.kind === 'instant' ? (state.data?.position ? ownEvents.findIndex((event) => event.position === state.data?.position) + 1 : 0) : ownEvents.length;

  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <HistoryFailure failure={history.error} />;
  return (
    <Row gutter={[16, 16]}>
      {/* On a wide screen the moment stays in view while the history scrolls beside it. */}
      <Col xs={24} lg={9} style={screens.lg ? { position: 'sticky', top: 80, alignSelf: 'flex-start' } : undefined}>
        <AsOfPanel ownEvents={ownEvents} choice={choice} onChoose={setChoice} restingStep={restingStep} state={state} />
      </Col>
      <Col xs={24} lg={15} style={{ minWidth: 0 }}>
        <Card size="small" title={`History of ${imei}`} role="region" aria-label="History">
          {events.length === 0 ? (
            <Empty description="No events recorded for this device." />
          ) : (
            <Timeline
              items={events.map((event) => ({
                key: event.event_id,
                // The device's own steps in blue; the steps of the records it took part in in grey.
                color: event.own ? 'blue' : 'gray',
                content: <TimelineStep event={event} chosen={chosenPosition !== undefined && event.position === chosenPosition && event.own} later={isLater(event)} />,
              }))}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}

/**
 * Device Timeline (/audit/device, issue 23; ours: the spec has no audit screens): an IMEI's
 * history from the event store itself, every step in words with who and when and its full
 * envelope on demand, its related records' steps in grey; and the device as of any moment — a
 * step of its own history (slider) or any instant (day and time). The IMEI is kept in the URL
 * (`?imei=`), so an IMEI anywhere in the console links here.
 */
export default function DeviceTimelinePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const asked = searchParams.get('imei')?.trim() ?? '';
  const imei = asked && !imeiProblem(asked) ? asked : undefined;

  return (
    <>
      <Typography.Title level={3}>Device Timeline</Typography.Title>
      {/* A new IMEI from a link remounts the box with it. */}
      <ImeiSearch key={`search:${asked}`} initial={asked} onSearch={(typed) => setSearchParams({ imei: typed }, { state: location.state as unknown })} />
      {imei ? <DeviceTimeline key={imei} imei={imei} /> : !asked && <Empty description="Type an IMEI to see every step of the device." />}
    </>
  );
}
