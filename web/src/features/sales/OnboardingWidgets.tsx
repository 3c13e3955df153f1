import type { AgentRedirectKey } from '@portal/contracts/onboarding/onboarding.schemas';
import type { OnboardingSummaryItem } from '@portal/contracts/onboarding/onboarding.views';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { call, queryKey, route } from '../../app/api-client';
import { canOpenLink } from '../../app/routes';
import { useSession } from '../../app/session-context';
import type { Slice, SliceChartColors } from './OnboardingSliceChart';
import { SLICE_CHART_SIZE } from './slice-chart-size';

// recharts is its own chunk (shared with the activation trend), fetched once the widgets have data.
const loadSliceChart = () => import('./OnboardingSliceChart');
const OnboardingSliceChart = lazy(loadSliceChart);

/** The dashboard's onboarding calls (doc 1 §7 Dashboards). */
export const ONBOARDING_WIDGET_ROUTES = {
  stages: route('GET', '/api/v1/agent_onboarding_summary_dashboard'),
  expired: route('GET', '/api/v1/expired_candidates_summary'),
  agents: route('GET', '/api/v1/agent_summary_count'),
};

interface StagesAnswer {
  readonly items?: { readonly onboarding_summary?: readonly OnboardingSummaryItem[] };
}
interface ExpiredAnswer {
  readonly items?: { readonly onboarding_summary?: readonly OnboardingSummaryItem[]; readonly total?: number };
}
interface AgentsAnswer {
  readonly items?: { readonly agent_label?: readonly string[]; readonly agent_value?: readonly number[]; readonly agent_key?: readonly string[] };
}

/** The pie's legend (doc 1 §2.4): the spec's day bands, by the slice's redirect key; Onboarded (from onboarding, no activation yet) as the server names it. */
export const AGENT_LEGEND: Readonly<Record<AgentRedirectKey, string>> = {
  active_agent: 'Dynamic Agent (1-14 days)',
  passive_agent: 'Passive Agent (15-30 days)',
  inactive_agent: 'Dormant Agent (31-60 days)',
  onboarded: 'Onboarded',
};

/** Who is in no slice of the pie (the bands' rule, contracts' AGENT_REDIRECT_KEYS). */
export const AGENTS_NOTE = 'Agents with no activation in the last 60 days, and agents not from onboarding without any activation, are in no slice.';

const legendOf = (key: string, label: string): string => (Object.hasOwn(AGENT_LEGEND, key) ? AGENT_LEGEND[key as AgentRedirectKey] : label);

/** The links the widgets open: the Onboarding Summary with a stage's query, the Agent Summary with a slice's key. */
export const onboardingReportLink = (query: string) => `/onboardingreport?${query}`;
export const agentReportLink = (key: string) => `/agentreport?${new URLSearchParams({ redirect_key: key })}`;

/** The body of a widget: its own skeleton while it loads and its own error when it fails; the rest of the dashboard goes on. */
function WidgetCard<Answer>({ title, testId, answer, children }: { title: string; testId: string; answer: UseQueryResult<Answer>; children: (data: Answer) => ReactNode }) {
  return (
    <Card title={title} size="small" data-testid={testId} style={{ height: '100%' }}>
      {answer.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {answer.isError && (
        <Typography.Text type="danger" role="alert">
          {answer.error.message}
        </Typography.Text>
      )}
      {answer.data !== undefined && children(answer.data)}
    </Card>
  );
}

/** Whether the signed-in reader may open the screen a link leads to (the auditor reads this dashboard, not the onboarding screens). */
function useOpens(): (to: string) => boolean {
  const { user } = useSession();
  return (to) => canOpenLink(to, user?.role_id ?? []);
}

/** A colour swatch of the legend. */
const Swatch = ({ color }: { color: string }) => <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: color, marginRight: 8, flex: 'none' }} />;

/** One line of a legend or list: its name (a link when it opens a report) and its count. */
function CountLine({ name, value, to, color, cameFrom }: { name: string; value: number; to?: string; color?: string; cameFrom: string }) {
  const opens = useOpens();
  const label = (
    <Flex align="center">
      {color && <Swatch color={color} />}
      {name}
    </Flex>
  );
  return (
    <li style={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '4px 0' }}>
      {to && opens(to) ? (
        <Link to={to} state={{ cameFrom }} aria-label={`${name}: ${value}`}>
          {label}
        </Link>
      ) : (
        label
      )}
      <Typography.Text strong>{value}</Typography.Text>
    </li>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** The chart once recharts is loaded; a placeholder of its size until then. */
function LazyChart(props: Parameters<typeof OnboardingSliceChart>[0]) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: SLICE_CHART_SIZE, height: SLICE_CHART_SIZE }} />}>
      <OnboardingSliceChart {...props} />
    </Suspense>
  );
}

/** The Onboarding Summary list (doc 1 §2.4): every stage with its count, each opening the Onboarding Summary with its query. */
function StagesWidget({ cameFrom }: { cameFrom: string }) {
  const answer = useQuery({ queryKey: queryKey(ONBOARDING_WIDGET_ROUTES.stages), queryFn: () => call<StagesAnswer>(ONBOARDING_WIDGET_ROUTES.stages) });
  return (
    <WidgetCard title="Onboarding Summary" testId="onboarding-summary" answer={answer}>
      {(data) => {
        const stages = data.items?.onboarding_summary ?? [];
        if (stages.length === 0) return <Empty description="No onboarding stages to show" />;
        return (
          <ul style={{ ...listStyle, maxHeight: 320, overflowY: 'auto', paddingRight: 8 }} aria-label="Onboarding stages" tabIndex={0}>
            {stages.map((stage) => (
              <CountLine key={stage.name} name={stage.name} value={stage.value} to={stage.query ? onboardingReportLink(stage.query) : undefined} cameFrom={cameFrom} />
            ))}
          </ul>
        );
      }}
    </WidgetCard>
  );
}

/** The antd theme's colours for the charts (light and dark layouts). */
function useChartColors() {
  const { token } = theme.useToken();
  const chart: SliceChartColors = { text: token.colorText, secondaryText: token.colorTextSecondary, tooltipBackground: token.colorBgElevated, border: token.colorBorderSecondary };
  return { token, chart };
}

/** The Expired Status Distribution donut (doc 1 §2.4): Expired, Onboarded, In Progress, Denied or Rejected (contracts' EXPIRED_DONUT_SEGMENTS), the Total in the middle; a segment with a query opens the Onboarding Summary with it. */
function ExpiredWidget({ cameFrom }: { cameFrom: string }) {
  const answer = useQuery({ queryKey: queryKey(ONBOARDING_WIDGET_ROUTES.expired), queryFn: () => call<ExpiredAnswer>(ONBOARDING_WIDGET_ROUTES.expired) });
  const navigate = useNavigate();
  const opens = useOpens();
  const { token, chart } = useChartColors();
  const segmentColor: Record<string, string> = { Expired: token.colorError, Onboarded: token.colorSuccess, 'In Progress': token.colorWarning, 'Denied or Rejected': token.colorTextTertiary };
  const palette = [token.colorError, token.colorSuccess, token.colorWarning, token.colorPrimary];
  return (
    <WidgetCard title="Expired Status Distribution" testId="expired-distribution" answer={answer}>
      {(data) => {
        const segments = data.items?.onboarding_summary ?? [];
        const total = segments.reduce((sum, segment) => sum + segment.value, 0);
        const slices: Slice[] = segments.map((segment, index) => ({ name: segment.name, value: segment.value, color: segmentColor[segment.name] ?? palette[index % palette.length]!, opens: segment.query !== null }));
        const description = `Candidates by status: ${segments.map((segment) => `${segment.name} ${segment.value}`).join(', ')}; Total ${total}`;
        return (
          <Flex vertical gap={12}>
            {total > 0 ? (
              <LazyChart
                slices={slices}
                colors={chart}
                description={description}
                centre={{ label: 'Total', value: total }}
                testId="expired-donut"
                onSelect={(index) => {
                  const query = segments[index]?.query;
                  if (query && opens(onboardingReportLink(query))) navigate(onboardingReportLink(query), { state: { cameFrom } });
                }}
              />
            ) : (
              <Empty description="No candidates to show" />
            )}
            <ul style={listStyle} aria-label="Expired Status Distribution legend">
              {segments.map((segment, index) => (
                <CountLine key={segment.name} name={segment.name} value={segment.value} color={slices[index]!.color} to={segment.query ? onboardingReportLink(segment.query) : undefined} cameFrom={cameFrom} />
              ))}
            </ul>
          </Flex>
        );
      }}
    </WidgetCard>
  );
}

/** The Agents Summary pie (doc 1 §2.4): agents by days since their last activation, and those onboarded without one; each slice opens the Agent Summary with its key. */
function AgentsWidget({ cameFrom }: { cameFrom: string }) {
  const answer = useQuery({ queryKey: queryKey(ONBOARDING_WIDGET_ROUTES.agents), queryFn: () => call<AgentsAnswer>(ONBOARDING_WIDGET_ROUTES.agents) });
  const navigate = useNavigate();
  const opens = useOpens();
  const { token, chart } = useChartColors();
  const keyColor: Record<string, string> = { active_agent: token.colorSuccess, passive_agent: token.colorWarning, inactive_agent: token.colorError, onboarded: token.colorPrimary };
  return (
    <WidgetCard title="Agents Summary" testId="agents-summary" answer={answer}>
      {(data) => {
        const labels = data.items?.agent_label ?? [];
        const values = data.items?.agent_value ?? [];
        const keys = data.items?.agent_key ?? [];
        const bands = labels.map((label, index) => {
          const key = keys[index] ?? '';
          return { key, name: legendOf(key, label), value: values[index] ?? 0, color: keyColor[key] ?? token.colorTextTertiary };
        });
        const total = bands.reduce((sum, band) => sum + band.value, 0);
        const description = `Agents by activity: ${bands.map((band) => `${band.name} ${band.value}`).join(', ')}`;
        return (
          <Flex vertical gap={12}>
            {total > 0 ? (
              <LazyChart
                slices={bands.map((band) => ({ name: band.name, value: band.value, color: band.color, opens: band.key !== '' }))}
                colors={chart}
                description={description}
                testId="agents-pie"
                onSelect={(index) => {
                  const key = bands[index]?.key;
                  if (key && opens(agentReportLink(key))) navigate(agentReportLink(key), { state: { cameFrom } });
                }}
              />
            ) : (
              <Empty description="No agents to show" />
            )}
            <ul style={listStyle} aria-label="Agents Summary legend">
              {bands.map((band) => (
                <CountLine key={band.key || band.name} name={band.name} value={band.value} color={band.color} to={band.key ? agentReportLink(band.key) : undefined} cameFrom={cameFrom} />
              ))}
            </ul>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="agents-note">
              {AGENTS_NOTE}
            </Typography.Text>
          </Flex>
        );
      }}
    </WidgetCard>
  );
}

/**
 * The manager dashboard's onboarding widgets (doc 1 §2.4, §3, §7 Dashboards): the Onboarding
 * Summary list, the Expired Status Distribution donut and the Agents Summary pie. Each reads its
 * own call and shows its own loading and error state: one failing never holds up the others or
 * the rest of the dashboard. The links carry where they were followed from (breadcrumbs).
 */
export default function OnboardingWidgets() {
  const location = useLocation();
  const cameFrom = `${location.pathname}${location.search}`;
  // The charts' code loads while the widgets' figures are asked, not after they came.
  useEffect(() => {
    void loadSliceChart().catch(() => undefined);
  }, []);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <StagesWidget cameFrom={cameFrom} />
      </Col>
      <Col xs={24} lg={8}>
        <ExpiredWidget cameFrom={cameFrom} />
      </Col>
      <Col xs={24} lg={8}>
        <AgentsWidget cameFrom={cameFrom} />
      </Col>
    </Row>
  );
}
