import type { LayoutSettings, SidebarStyle } from './settings';

/**
 * The layout rules (doc 1 §2.3 and §5), pure:
 *
 * - Overlay sidebar is refused in horizontal layout, with OVERLAY_REFUSED; nothing changes.
 * - Choosing the boxed container forces the overlay sidebar. In horizontal layout the boxed
 *   container itself is accepted (the content is centred under the top menu), but its forced
 *   overlay sidebar is refused exactly like a direct choice: the same OVERLAY_REFUSED warning,
 *   and the sidebar style stays as it was.
 * - Switching to horizontal layout while the sidebar style is overlay turns it into full
 *   (horizontal and overlay never coexist in stored settings).
 * - The sidebar actually drawn depends on the window width: 768 or less overlay, 769 to 1023 mini,
 *   wider the user's choice (effectiveSidebar). In horizontal layout the menu runs across the top
 *   whenever the window is wider than 768; at 768 or less it falls back to the overlay sidebar,
 *   as a top menu does not fit a phone (navigationMode).
 */

export const OVERLAY_REFUSED = 'Sorry! Overlay is not possible in Horizontal layout.';

/** Widest window that gets the overlay sidebar, and widest that gets the mini one. */
export const OVERLAY_MAX_WIDTH = 768;
export const MINI_MAX_WIDTH = 1023;

export type SettingChange = { [K in keyof LayoutSettings]: { key: K; value: LayoutSettings[K] } }[keyof LayoutSettings];

export interface ChangeResult {
  /** The settings after the change (the unchanged settings when it was refused). */
  settings: LayoutSettings;
  /** Text to show as a warning when the change, or part of it, was refused. */
  warning?: string;
}

/** Applies one change by the rules. */
export function applyChange(current: LayoutSettings, change: SettingChange): ChangeResult {
  switch (change.key) {
    case 'sidebar':
      if (change.value === 'overlay' && current.layout === 'horizontal') return { settings: current, warning: OVERLAY_REFUSED };
      return { settings: { ...current, sidebar: change.value } };
    case 'container':
      if (change.value !== 'boxed') return { settings: { ...current, container: change.value } };
      if (current.layout === 'horizontal') return { settings: { ...current, container: 'boxed' }, warning: OVERLAY_REFUSED };
      return { settings: { ...current, container: 'boxed', sidebar: 'overlay' } };
    case 'layout':
      if (change.value === 'horizontal' && current.sidebar === 'overlay') return { settings: { ...current, layout: 'horizontal', sidebar: 'full' } };
      return { settings: { ...current, layout: change.value } };
    default:
      return { settings: { ...current, [change.key]: change.value } };
  }
}

/** The sidebar drawn at this window width: 768 or less overlay, 769 to 1023 mini, wider the user's choice. */
export function effectiveSidebar(settings: Pick<LayoutSettings, 'sidebar'>, width: number): SidebarStyle {
  if (width <= OVERLAY_MAX_WIDTH) return 'overlay';
  if (width <= MINI_MAX_WIDTH) return 'mini';
  return settings.sidebar;
}

/** Where the navigation menu goes: across the top (horizontal layout, wider than 768) or a sidebar style. */
export type NavigationMode = 'top' | SidebarStyle;

export function navigationMode(settings: Pick<LayoutSettings, 'sidebar' | 'layout'>, width: number): NavigationMode {
  if (settings.layout === 'horizontal' && width > OVERLAY_MAX_WIDTH) return 'top';
  return effectiveSidebar(settings, width);
}
