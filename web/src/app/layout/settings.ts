/**
 * The user-adjustable layout settings (doc 1 §2.3): sidebar style, layout, theme, container,
 * direction, font and one of 15 primary colours. Pure data: no React, no browser.
 */

/** How the sidebar is drawn: full width with labels, mini (icons only), or overlay (hidden behind a menu button). */
export type SidebarStyle = 'full' | 'mini' | 'overlay';
/** vertical: the menu in a sidebar; horizontal: the menu across the top. */
export type LayoutKind = 'vertical' | 'horizontal';
export type ThemeMode = 'light' | 'dark';
/** full: content spans the window; boxed: the page is centred at BOXED_MAX_WIDTH. */
export type ContainerKind = 'full' | 'boxed';
export type Direction = 'ltr' | 'rtl';

export const FONTS = [
  { key: 'system', label: 'System', stack: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'" },
  { key: 'helvetica', label: 'Helvetica / Arial', stack: "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif" },
  { key: 'verdana', label: 'Verdana / Tahoma', stack: "Verdana, Tahoma, 'DejaVu Sans', Geneva, sans-serif" },
  { key: 'serif', label: 'Serif (Georgia)', stack: "Georgia, Cambria, 'Times New Roman', Times, 'Liberation Serif', serif" },
  { key: 'mono', label: 'Monospace', stack: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace" },
] as const;
export type FontKey = (typeof FONTS)[number]['key'];

/**
 * The 15 primary colours, each dark enough to carry white text and to be read as text on white
 * (WCAG AA, 4.5:1: antd's blue-6, orange-6 … measured 3.5–4.4, so their darker shades stand here).
 */
export const PRIMARY_COLORS = [
  { key: 'blue', label: 'Blue', hex: '#0958d9' },
  { key: 'geekblue', label: 'Geek Blue', hex: '#2f54eb' },
  { key: 'navy', label: 'Navy', hex: '#1e3a8a' },
  { key: 'indigo', label: 'Indigo', hex: '#4f46e5' },
  { key: 'purple', label: 'Purple', hex: '#722ed1' },
  { key: 'magenta', label: 'Magenta', hex: '#c41d7f' },
  { key: 'red', label: 'Red', hex: '#cf1322' },
  { key: 'volcano', label: 'Volcano', hex: '#d4380d' },
  { key: 'orange', label: 'Orange', hex: '#ad4e00' },
  { key: 'gold', label: 'Gold', hex: '#874d00' },
  { key: 'lime', label: 'Lime', hex: '#3f6600' },
  { key: 'green', label: 'Green', hex: '#237804' },
  { key: 'teal', label: 'Teal', hex: '#0f766e' },
  { key: 'cyan', label: 'Cyan', hex: '#006d75' },
  { key: 'slate', label: 'Slate', hex: '#475569' },
] as const;
export type PrimaryColor = (typeof PRIMARY_COLORS)[number]['key'];

export interface LayoutSettings {
  sidebar: SidebarStyle;
  layout: LayoutKind;
  theme: ThemeMode;
  container: ContainerKind;
  direction: Direction;
  font: FontKey;
  color: PrimaryColor;
}

export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  sidebar: 'full',
  layout: 'vertical',
  theme: 'light',
  container: 'full',
  direction: 'ltr',
  font: 'system',
  color: 'blue',
});

/** The values each setting accepts, in the order the settings drawer offers them. */
export const SETTING_VALUES: { readonly [K in keyof LayoutSettings]: readonly LayoutSettings[K][] } = {
  sidebar: ['full', 'mini', 'overlay'],
  layout: ['vertical', 'horizontal'],
  theme: ['light', 'dark'],
  container: ['full', 'boxed'],
  direction: ['ltr', 'rtl'],
  font: FONTS.map((font) => font.key),
  color: PRIMARY_COLORS.map((color) => color.key),
};

/** Width of the boxed container. */
export const BOXED_MAX_WIDTH = 1200;

export function fontStack(font: FontKey): string {
  return (FONTS.find((entry) => entry.key === font) ?? FONTS[0]).stack;
}

export function colorHex(color: PrimaryColor): string {
  return (PRIMARY_COLORS.find((entry) => entry.key === color) ?? PRIMARY_COLORS[0]).hex;
}

/**
 * Settings from anything (stored JSON, possibly old or tampered): every unknown or missing value
 * falls back to its default, and a stored overlay sidebar in horizontal layout becomes full.
 */
export function normalizeSettings(raw: unknown): LayoutSettings {
  const source = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const pick = <K extends keyof LayoutSettings>(key: K): LayoutSettings[K] => {
    const value = source[key];
    return (SETTING_VALUES[key] as readonly unknown[]).includes(value) ? (value as LayoutSettings[K]) : DEFAULT_LAYOUT_SETTINGS[key];
  };
  const settings: LayoutSettings = {
    sidebar: pick('sidebar'),
    layout: pick('layout'),
    theme: pick('theme'),
    container: pick('container'),
    direction: pick('direction'),
    font: pick('font'),
    color: pick('color'),
  };
  if (settings.layout === 'horizontal' && settings.sidebar === 'overlay') settings.sidebar = 'full';
  return settings;
}
