import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { type ChangeResult, type SettingChange, applyChange } from './layout-rules';
import { loadLayoutSettings, saveLayoutSettings } from './layout-storage';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from './settings';

interface LayoutSettingsValue {
  settings: LayoutSettings;
  /** Applies one change by the layout rules and persists the result; the caller shows `warning` when set. */
  change(change: SettingChange): ChangeResult;
  /** Back to the defaults (and stores them). */
  reset(): void;
}

const LayoutSettingsContext = createContext<LayoutSettingsValue | null>(null);

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Mirrors the settings onto <html>: data-theme, dir, colour scheme, and data attributes for layout, sidebar (the chosen style) and container. */
function applyToDocument(settings: LayoutSettings): void {
  const root = document.documentElement;
  root.dataset.theme = settings.theme;
  root.dataset.layout = settings.layout;
  root.dataset.sidebarStyle = settings.sidebar;
  root.dataset.container = settings.container;
  root.dir = settings.direction;
  root.style.colorScheme = settings.theme;
  // the layouts fill the window edge to edge (no global reset stylesheet removes the body's default margin)
  document.body.style.margin = '0';
}

/**
 * Holds the layout settings of the signed-in user: loaded from the browser when `userId` changes
 * (sign-in, reload), saved on every change; the defaults while signed out.
 */
export function LayoutSettingsProvider({ userId, storage, children }: { userId: string | null | undefined; storage?: KeyValueStorage; children: ReactNode }) {
  const [state, setState] = useState(() => ({ userId, settings: loadLayoutSettings(userId, storage) }));
  let current = state;
  if (state.userId !== userId) {
    // another user signed in (or out): their own settings, loaded during render so nothing flashes
    current = { userId, settings: loadLayoutSettings(userId, storage) };
    setState(current);
  }
  const { settings } = current;

  useLayoutEffect(() => applyToDocument(settings), [settings]);

  const change = useCallback(
    (requested: SettingChange) => {
      const result = applyChange(settings, requested);
      if (result.settings !== settings) {
        saveLayoutSettings(userId, result.settings, storage);
        setState({ userId, settings: result.settings });
      }
      return result;
    },
    [settings, userId, storage],
  );

  const reset = useCallback(() => {
    const defaults = { ...DEFAULT_LAYOUT_SETTINGS };
    saveLayoutSettings(userId, defaults, storage);
    setState({ userId, settings: defaults });
  }, [userId, storage]);

  const value = useMemo(() => ({ settings, change, reset }), [settings, change, reset]);
  return <LayoutSettingsContext.Provider value={value}>{children}</LayoutSettingsContext.Provider>;
}

export function useLayoutSettings(): LayoutSettingsValue {
  const value = useContext(LayoutSettingsContext);
  if (!value) throw new Error('useLayoutSettings outside LayoutSettingsProvider');
  return value;
}
