import { AGING_BANDS } from '@portal/contracts/inventory/inventory.codes';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { SALES_PERIODS, SALES_PERIOD_NAMES } from '@portal/contracts/sales/sales.periods';
import type { ActivationTrendDay, SalesDashboard as SalesDashboardData } from '@portal/contracts/sales/sales.views';
import { useQuery } from '@tanstack/react-query';
import { Card, type ColProps, Flex, Skeleton, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { call, queryKey } from '../../app/api-client';
import { shownDate } from '../../app/format';
import ForcedChangePasswordDialog from '../../app/password/ForcedChangePasswordDialog';
import { rememberBusinessToday } from '../../app/report/business-today';
import CountCards, { type CountCard } from '../../app/widgets/CountCards';
import type { TrendColors, TrendPoint } from './ActivationTrendChart';
import OnboardingWidgets from './OnboardingWidgets';
import { TREND_HEIGHT } from './trend-height';

// recharts is its own chunk, fetched once the dashboard is on screen (the dashboards' budget).
const loadTrendChart = () => import('./ActivationTrendChart');
const ActivationTrendChart = lazy(loadTrendChart);

/** GET manager_sales_dashboard / agent_sales_dashboard answer `data.data` (doc 1 §7). */
export interface SalesDashboardAnswer {
  readonly data: { readonly data: SalesDashboardData };
}

/** The Sales Summary cards (doc 1 §2.4): Daily Activations, WTD, MTD, Last 7 Days, Last 30 Days, from `activation_count`. */
export function salesCards(data: SalesDashboardData | undefined): CountCard[] {
  return SALES_PERIODS.map((period) => ({ title: SALES_PERIOD_NAMES[period].cardTitle, value: data?.activation_count[SALES_PERIOD_NAMES[period].card] }));
}

/** The Inventory Summary cards (doc 1 §2.4): the aging bands 1-15 … >90 Days and Total Inventory, from `inventory_aging`. */
export function agingCards(data: SalesDashboardData | undefined): CountCard[] {
  return [
    ...AGING_BANDS.map((band) => ({ title: `${band.label} Days`, value: data?.inventory_aging[band.dashboardKey] })),
    { title: 'Total Inventory', value: data?.inventory_aging.Grand_Total },
  ];
}

/** The trend's points as drawn (MM-DD ticks, MM-DD-YYYY dates) and what it says to a screen reader. */
export function trendPoints(days: readonly ActivationTrendDay[]): { points: TrendPoint[]; description: string } {
  const points = days.map((day) => ({ tick: dayjs(day.date).format('MM-DD'), date: shownDate(day.date), activations: day.activations }));
  const total = days.reduce((sum, day) => sum + day.activations, 0);
  const description = points.length > 0 ? `Activations per day from ${points[0]!.date} to ${points.at(-1)!.date}: ${total} in all` : 'No activations to show';
  return { points, description };
}

/** The five Sales Summary cards in one row on a wide screen, the six aging cards likewise. */
const FIVE_A_ROW: ColProps = { xs: 12, md: 8, xl: { flex: '20%' } };
const SIX_A_ROW: ColProps = { xs: 12, md: 8, xl: 4 };

export interface SalesDashboardProps {
  /** The heading. */
  title: string;
  /** GET /api/v1/manager_sales_dashboard or /api/v1/agent_sales_dashboard. */
  source: ApiRoute;
  /** The manager dashboard's onboarding widgets: the Onboarding Summary list, the Expired donut and the Agents pie. */
  withOnboarding?: boolean;
}

/**
 * The sales/activation dashboard (doc 1 §2.4): Sales Summary cards, Inventory Summary aging cards
 * and the 30-day activation trend, as of the business's today the server names (remembered for
 * the sales reports' date pickers); on the manager dashboard, the onboarding widgets under them
 * (./OnboardingWidgets). A react-query GET: the live socket refetches every GET on
 * screen when the user's scope changes (LiveConnection), so a sale shows without a reload. A 401
 * ends the session (api-client, doc 1 §8).
 */
export default function SalesDashboard({ title, source, withOnboarding = false }: SalesDashboardProps) {
  const answer = useQuery({ queryKey: queryKey(source), queryFn: () => call<SalesDashboardAnswer>(source) });
  const data = answer.data?.data.data;
  const asOf = data?.as_of_date;
  useEffect(() => {
    if (asOf) rememberBusinessToday(asOf);
  }, [asOf]);
  // The chart's code (the largest chunk) loads while the figures are asked, not after they came.
  useEffect(() => {
    void loadTrendChart().catch(() => undefined);
  }, []);
  const { token } = theme.useToken();
  const colors: TrendColors = { line: token.colorPrimary, grid: token.colorBorderSecondary, axis: token.colorBorder, text: token.colorTextSecondary, tooltipBackground: token.colorBgElevated, tooltipText: token.colorText };
  const trend = useMemo(() => (data ? trendPoints(data.activation_trend) : undefined), [data]);

  return (
    <div>
      <Typography.Title level={3} style={{ marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary" data-testid="as-of-date">
        {asOf ? `As of ${shownDate(asOf)}` : '\u00a0'}
      </Typography.Text>
      <Flex vertical gap={16} style={{ marginTop: 12 }}>
        {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
        <Card title="Sales Summary" size="small" data-testid="sales-summary">
          <CountCards cards={salesCards(data)} loading={answer.isPending} width={FIVE_A_ROW} />
        </Card>
        <Card title="Inventory Summary" size="small" data-testid="inventory-summary">
          <CountCards cards={agingCards(data)} loading={answer.isPending} width={SIX_A_ROW} />
        </Card>
        <Card title="Activations, Last 30 Days" size="small">
          {trend ? (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: TREND_HEIGHT }} />}>
              <ActivationTrendChart points={trend.points} colors={colors} description={trend.description} />
            </Suspense>
          ) : (
            <Skeleton.Node active={answer.isPending} style={{ width: '100%', height: TREND_HEIGHT }} />
          )}
        </Card>
        {/* Each widget reads its own call: one loading or failing holds up nothing else. */}
        {withOnboarding && <OnboardingWidgets />}
      </Flex>
      <ForcedChangePasswordDialog />
    </div>
  );
}
