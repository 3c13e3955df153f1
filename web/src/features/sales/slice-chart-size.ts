/** The onboarding charts' side: the pie and the donut take the same room as their loading placeholder (no jump when recharts arrives). */
export const SLICE_CHART_SIZE = 220;
