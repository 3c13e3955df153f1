import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdTheme } from './antd-theme';
import { PRIMARY_COLORS } from './settings';

/** WCAG's contrast ratio of two opaque #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255).map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('the theme reads at WCAG AA (4.5:1)', () => {
  it.each(PRIMARY_COLORS.map((color) => [color.label, color.hex]))('%s carries white text and reads as text on white', (_label, hex) => {
    expect(contrast(hex, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("every tag's text on its own tint, in the light theme", () => {
    const config = antdTheme({ theme: 'light', color: 'blue', font: 'system' });
    const token = theme.getDesignToken(config) as unknown as Record<string, string>;
    const tagText = config.components?.Tag as Record<string, string>;
    const text = (palette: string) => tagText[`${palette}7`] ?? token[`${palette}7`]!;
    const unreadable = ['blue', 'purple', 'cyan', 'green', 'magenta', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'].filter((palette) => contrast(text(palette), token[`${palette}1`]!) < 4.5);
    expect(unreadable).toEqual([]);
    const statuses = ['Success', 'Warning', 'Error', 'Info'].filter((status) => contrast(tagText[`color${status}`] ?? token[`color${status}`]!, token[`color${status}Bg`]!) < 4.5);
    // Form messages and status texts on white.
    const texts = ['colorError', 'colorSuccessText', 'colorWarningText', 'colorErrorText', 'colorLink'].filter((name) => contrast(token[name]!, '#ffffff') < 4.5);
    expect(texts).toEqual([]);
    expect(statuses).toEqual([]);
  });
});
