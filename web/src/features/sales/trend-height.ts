/** The trend chart's height: the chart and its loading placeholder take the same room (no jump when the chart arrives). */
export const TREND_HEIGHT = 260;
