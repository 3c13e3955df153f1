import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { AuditActor, AuditEvent } from '@portal/contracts/audit/audit.views';
import { ROLE_NAMES, isRoleId } from '@portal/contracts/platform/roles';
import { Button, Descriptions, type DescriptionsProps, Flex, Grid, Tag, Typography, theme } from 'antd';
import { useId, useState } from 'react';
import { shownDateTime } from '../../app/format';
import { recordKind } from './audit-api';

/** Long ids and data wrap inside the step instead of pushing the page sideways (a phone is 390 px wide). */
const WRAP = { minWidth: 0, overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/** Who did a step: the person's name now, or 'system' when no person did. */
export const actorName = (actor: AuditActor): string => actor.user_name ?? 'system';

/** When a step happened: its business time (a backdated event counts when it happened), else when the store recorded it. */
export const stepTime = (event: AuditEvent): string => event.actor.occurred_at ?? event.recorded_at;

const rolesInWords = (roles: readonly number[]): string => (roles.length === 0 ? '—' : roles.map((role) => (isRoleId(role) ? `${ROLE_NAMES[role]} (${role})` : String(role))).join(', '));

function scopeInWords(scope: AuditActor['scope']): string {
  const parts = [scope?.retailer_id && `retailer ${scope.retailer_id}`, scope?.ibo_marketer_id && `IBO/Market ${scope.ibo_marketer_id}`, scope?.office_id && `office ${scope.office_id}`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '—';
}

/** An id an auditor copies into a query or a report. */
const Id = ({ value }: { value: string | number | null }) => (value === null || value === '' ? '—' : <Typography.Text copyable={{ text: String(value) }} style={{ fontFamily: 'monospace', ...WRAP }}>{value}</Typography.Text>);

/** The full envelope of one event: where it sits in the store, who caused it and why, and its data. */
function EventEnvelope({ event, id }: { event: AuditEvent; id: string }) {
  const screens = Grid.useBreakpoint();
  const { actor } = event;
  const items: DescriptionsProps['items'] = [
    { key: 'position', label: 'Position', children: <Id value={event.position} /> },
    { key: 'stream', label: 'Stream', children: <Id value={event.stream_id} /> },
    { key: 'version', label: 'Stream version', children: event.stream_version },
    { key: 'event', label: 'Event ID', children: <Id value={event.event_id} /> },
    { key: 'type', label: 'Type', children: event.type },
    { key: 'schema', label: 'Schema version', children: event.schema_version },
    { key: 'recorded', label: 'Recorded at', children: event.recorded_at },
    { key: 'occurred', label: 'Occurred at', children: actor.occurred_at ?? '—' },
    { key: 'user', label: 'User', children: actor.user_id ? <>{actorName(actor)} <Id value={actor.user_id} /></> : 'system' },
    { key: 'roles', label: 'Roles', children: rolesInWords(actor.roles) },
    { key: 'scope', label: 'Scope', children: scopeInWords(actor.scope) },
    { key: 'command', label: 'Command ID', children: <Id value={actor.command_id} /> },
    { key: 'correlation', label: 'Correlation ID', children: <Id value={actor.correlation_id} /> },
    { key: 'causation', label: 'Causation ID', children: <Id value={actor.causation_id} /> },
    {
      key: 'data',
      label: 'Data',
      children: <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', maxHeight: 320, overflowY: 'auto', ...WRAP }}>{JSON.stringify(event.data, null, 2)}</pre>,
    },
  ];
  // Label beside value where there is room; above it on a phone, so the values keep the width.
  return <Descriptions id={id} size="small" bordered column={1} layout={screens.sm ? 'horizontal' : 'vertical'} items={items} styles={{ label: { width: screens.sm ? 150 : undefined }, content: WRAP }} style={{ marginTop: 8 }} />;
}

export interface TimelineStepProps {
  readonly event: AuditEvent;
  /** The step the "as of" moment stops at. */
  readonly chosen: boolean;
  /** The step comes after the "as of" moment: shown faded. */
  readonly later: boolean;
}

/**
 * One step of a device's timeline: the step in words, who and when, its type; a related record's
 * step (a job, a transfer, an RMA, an order) in grey with the record's kind. 'Details' opens its
 * full envelope.
 */
export default function TimelineStep({ event, chosen, later }: TimelineStepProps) {
  const [open, setOpen] = useState(false);
  const envelopeId = useId();
  const { token } = theme.useToken();
  return (
    <div
      aria-current={chosen ? 'step' : undefined}
      data-event-id={event.event_id}
      style={{
        ...WRAP,
        opacity: later ? 0.55 : 1,
        ...(chosen && { background: token.colorPrimaryBg, borderRadius: token.borderRadius, padding: '4px 8px', marginInlineStart: -8 }),
      }}
    >
      <Flex wrap gap={4} align="baseline">
        <Typography.Text type={event.own ? undefined : 'secondary'} style={WRAP}>
          {event.words}
        </Typography.Text>
        {!event.own && <Tag style={{ marginInlineEnd: 0 }}>{recordKind(event.stream_id)}</Tag>}
        <Tag color={event.own ? 'blue' : undefined} style={{ marginInlineEnd: 0, fontSize: 11, whiteSpace: 'normal', ...WRAP }}>
          {event.type}
        </Tag>
        {chosen && (
          <Tag color="processing" style={{ marginInlineEnd: 0 }}>
            As of here
          </Tag>
        )}
      </Flex>
      <Flex wrap gap={8} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {actorName(event.actor)} · {shownDateTime(stepTime(event))}
        </Typography.Text>
        <Button type="link" size="small" style={{ padding: 0 }} aria-expanded={open} aria-controls={open ? envelopeId : undefined} icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />} iconPlacement="end" onClick={() => setOpen(!open)}>
          Details
        </Button>
      </Flex>
      {open && <EventEnvelope event={event} id={envelopeId} />}
    </div>
  );
}
