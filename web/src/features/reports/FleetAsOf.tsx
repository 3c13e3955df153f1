import { AUDIT_ROLES } from '@portal/contracts/audit/audit.routes';
import type { FleetAsOfStatus } from '@portal/contracts/audit/audit.views';
import { EARLIEST_DATE } from '@portal/contracts/platform/input';
import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Progress, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { holdsAny } from '../../app/access';
import { ApiFailure, call, failureMessage, queryKey, route } from '../../app/api-client';
import { useBusinessToday } from '../../app/report/business-today';
import { formatDate } from '../../app/report/date-rules';
import { useRoles } from '../../app/report/holder-filters';

/**
 * The fleet reports "as of" a past date (issue 23; docs/AUDIT.md): the detailed, by-X and aged
 * inventory reports of roles 1, 12 and 15. The server replays its event store into a read model
 * for that date on demand (GET audit/fleet answers its progress); until it is ready, the reports
 * keep today's figures and refuse `as_of` (409), so the date reaches their calls only once it is.
 */

const fleetRoute = route('GET', '/api/v1/audit/fleet');

/** The link's parameter that keeps the date chosen (YYYY-MM-DD), so a reload or a shared link shows the same past. */
export const AS_OF_PARAM = 'as_of';

const ISO_DAY = 'YYYY-MM-DD';
/** How often a building read model is asked about again. */
const POLL_MS = 1000;
/**
 * How often a ready model is asked about again: the server keeps two, so a third date asked
 * elsewhere may drop the one shown; asking again rebuilds it, and the page shows today's figures
 * with the progress until it is back (instead of the reports' 409).
 */
const READY_RECHECK_MS = 60_000;

/** The link's date when it is a real YYYY-MM-DD day (dayjs rolls 02-30 over, so a round trip catches it). */
function linkedDay(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return dayjs(value).format(ISO_DAY) === value ? value : undefined;
}

/** A refusal in the server's words: its sentence about `as_of` (400 `fields.as_of`) when it gave one. */
const refusalOf = (failure: unknown) => (failure instanceof ApiFailure ? (failure.body.fields?.as_of ?? failure.message) : failureMessage(failure));

interface StatusProps {
  readonly shownDay: string;
  readonly status: UseQueryResult<FleetAsOfStatus>;
}

/** Where the past figures are: being prepared (a progress bar), failed (why, and Try again), or nothing once ready. */
function FleetStatus({ shownDay, status }: StatusProps) {
  const answer = status.data;
  const tryAgain = (
    // Asking again restarts a failed build.
    <Button size="small" loading={status.isFetching} onClick={() => void status.refetch()}>
      Try again
    </Button>
  );
  if (answer?.status === 'ready') return null;
  if (answer?.status === 'failed') return <Alert type="error" showIcon title={`The reports as of ${shownDay} could not be prepared: ${answer.error ?? 'the replay stopped'}`} action={tryAgain} />;
  // A failed poll keeps the last progress on screen: the next one may answer.
  if (!answer && status.isError) return <Alert type="error" showIcon title={refusalOf(status.error)} action={tryAgain} />;
  const percent = Math.floor(answer?.percent ?? 0);
  const title = answer ? `Preparing the reports as of ${shownDay}: ${percent}% (${answer.events_applied.toLocaleString('en-US')} events)` : `Preparing the reports as of ${shownDay}…`;
  return (
    <Alert
      type="info"
      showIcon
      title={title}
      description={
        <>
          <Progress percent={percent} size="small" status="active" aria-label={`Reports as of ${shownDay}`} />
          {"Today's figures are shown until then."}
        </>
      }
    />
  );
}

export interface FleetAsOf {
  /** The "As of" picker, the tag and Back to today, and the preparation's progress; null for a user who may not read the past. */
  readonly control: ReactNode;
  /** What the reports' calls, exports and downloads add: `{ as_of }` once the past figures are ready; `{}` until then and for today. */
  readonly fixedQuery: { as_of?: string };
}

/**
 * The "as of" choice of a fleet report for roles 1, 12 and 15 (contracts' AUDIT_ROLES): a past
 * date kept in the link (`?as_of=YYYY-MM-DD`), the server asked every second how far its read
 * model for that date is until it is ready or failed, and the query the report then sends.
 */
export function useFleetAsOf(): FleetAsOf {
  const allowed = holdsAny(useRoles(), AUDIT_ROLES);
  const [searchParams, setSearchParams] = useSearchParams();
  const day = allowed ? linkedDay(searchParams.get(AS_OF_PARAM)) : undefined;
  const today = useBusinessToday();
  const pickerId = useId();
  const options = { query: { as_of: day } };
  const status = useQuery({
    queryKey: queryKey(fleetRoute, options),
    queryFn: () => call<FleetAsOfStatus>(fleetRoute, options),
    enabled: day !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'building' ? POLL_MS : query.state.data?.status === 'ready' ? READY_RECHECK_MS : false),
  });

  const choose = (chosen: Dayjs | null) =>
    setSearchParams((current) => {
      // The link's other parameters (a card's statuses, a finder's IMEI) stay.
      const next = new URLSearchParams(current);
      if (chosen) next.set(AS_OF_PARAM, chosen.format(ISO_DAY));
      else next.delete(AS_OF_PARAM);
      return next;
    });

  if (!allowed) return { control: null, fixedQuery: {} };
  const ready = day !== undefined && status.data?.status === 'ready';
  const shownDay = day && formatDate(dayjs(day));
  const control = (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap align="center" gap={8}>
        <label htmlFor={pickerId}>As of</label>
        <DatePicker
          id={pickerId}
          format={DATE_FORMAT}
          placeholder="Today"
          allowClear
          value={day ? dayjs(day) : null}
          // Only the past: the server refuses today and later (its today: the business's).
          disabledDate={(candidate) => {
            const iso = candidate.format(ISO_DAY);
            return iso >= today || iso < EARLIEST_DATE;
          }}
          onChange={(chosen: Dayjs | null) => choose(chosen)}
        />
        {ready && <Tag color="blue">As of {shownDay}</Tag>}
        {day && <Button onClick={() => choose(null)}>Back to today</Button>}
      </Flex>
      {shownDay && <FleetStatus shownDay={shownDay} status={status} />}
    </Flex>
  );
  return { control, fixedQuery: ready ? { as_of: day } : {} };
}
