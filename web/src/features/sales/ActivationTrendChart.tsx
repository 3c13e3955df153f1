import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { TREND_HEIGHT } from './trend-height';

/** One day of the trend as drawn: its axis tick (MM-DD), its full date (MM-DD-YYYY) and its activations. */
export interface TrendPoint {
  readonly tick: string;
  readonly date: string;
  readonly activations: number;
}

/** The theme's colours (antd tokens), given by the dashboard so the chart follows light and dark layouts. */
export interface TrendColors {
  readonly line: string;
  readonly grid: string;
  readonly axis: string;
  readonly text: string;
  readonly tooltipBackground: string;
  readonly tooltipText: string;
}

/**
 * The 30-day activation trend (doc 1 §2.4 sales dashboard; ours: `activation_trend`, oldest day
 * first). Loaded on demand: its chunk holds recharts and nothing the other screens share (no antd,
 * no dayjs — the dashboard hands it prepared points and colours), so the dashboards' first load
 * and the shared chunks stay as they were.
 */
export default function ActivationTrendChart({ points, colors, description }: { points: readonly TrendPoint[]; colors: TrendColors; description: string }) {
  return (
    <div role="img" aria-label={description} data-testid="activation-trend" style={{ width: '100%', height: TREND_HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={[...points]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="activation-trend-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor={colors.line} stopOpacity={0.35} />
              <stop offset="95%" stopColor={colors.line} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
          <XAxis dataKey="tick" tick={{ fill: colors.text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: colors.axis }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} width={40} tick={{ fill: colors.text, fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip
            labelFormatter={(_label, payload) => (payload[0]?.payload as TrendPoint | undefined)?.date ?? ''}
            formatter={(value) => [value, 'Activations']}
            contentStyle={{ background: colors.tooltipBackground, border: `1px solid ${colors.grid}`, borderRadius: 6, color: colors.tooltipText }}
          />
          <Area type="monotone" dataKey="activations" name="Activations" stroke={colors.line} strokeWidth={2} fill="url(#activation-trend-fill)" isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
