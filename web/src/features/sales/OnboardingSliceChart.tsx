import { Pie, PieChart, type PieSectorShapeProps, Sector, Tooltip } from 'recharts';
import { SLICE_CHART_SIZE } from './slice-chart-size';

/** One slice as drawn: its name, its count, its colour, and whether clicking it opens a report. */
export interface Slice {
  readonly name: string;
  readonly value: number;
  readonly color: string;
  readonly opens: boolean;
}

/** The theme's colours (antd tokens) the chart's tooltip and centre label follow (light and dark layouts). */
export interface SliceChartColors {
  readonly text: string;
  readonly secondaryText: string;
  readonly tooltipBackground: string;
  readonly border: string;
}


/**
 * A pie, or a donut with a centre label (doc 1 §2.4: the Expired Status Distribution donut with
 * its Total, the Agents Summary pie). A slice that opens a report is clickable (`onSelect` with
 * its index); the legend beside it (the dashboard's, with links) says the same in words. Loaded
 * on demand with recharts, like the activation trend: nothing of antd or dayjs in its chunk.
 */
export default function OnboardingSliceChart({
  slices,
  colors,
  description,
  onSelect,
  centre,
  testId,
}: {
  slices: readonly Slice[];
  colors: SliceChartColors;
  description: string;
  onSelect: (index: number) => void;
  /** A donut's centre label (the Total); without it, a full pie. */
  centre?: { readonly label: string; readonly value: number };
  testId: string;
}) {
  const data = slices.map((slice) => ({ name: slice.name, value: slice.value, fill: slice.color, opens: slice.opens }));
  const outer = SLICE_CHART_SIZE / 2 - 8;
  return (
    <div role="img" aria-label={description} data-testid={testId} style={{ position: 'relative', width: SLICE_CHART_SIZE, height: SLICE_CHART_SIZE, margin: '0 auto' }}>
      <PieChart width={SLICE_CHART_SIZE} height={SLICE_CHART_SIZE}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius={centre ? outer * 0.62 : 0}
          outerRadius={outer}
          paddingAngle={centre ? 1 : 0}
          isAnimationActive={false}
          // A slice that opens a report looks clickable; the others do not.
          shape={(sector: PieSectorShapeProps) => <Sector {...sector} cursor={slices[sector.index]?.opens ? 'pointer' : 'default'} />}
          onClick={(_sector, index) => {
            if (slices[index]?.opens) onSelect(index);
          }}
        />
        <Tooltip
          formatter={(value, name) => [value, name]}
          contentStyle={{ background: colors.tooltipBackground, border: `1px solid ${colors.border}`, borderRadius: 6, color: colors.text }}
          itemStyle={{ color: colors.text }}
        />
      </PieChart>
      {centre && (
        <div
          data-testid={`${testId}-centre`}
          style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
        >
          <span style={{ color: colors.secondaryText, fontSize: 13 }}>{centre.label}</span>
          <span style={{ color: colors.text, fontSize: 24, fontWeight: 600, lineHeight: 1.2 }}>{centre.value}</span>
        </div>
      )}
    </div>
  );
}
