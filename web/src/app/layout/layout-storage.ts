import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings, normalizeSettings } from './settings';

/** Layout settings persist per user in the browser (DESIGN.md §8): one JSON entry per user id. */
export function layoutSettingsKey(userId: string): string {
  return `layout-settings:${userId}`;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked by the browser
  }
}

/** The user's stored settings; the defaults when signed out, when nothing is stored, or when the entry is unreadable. */
export function loadLayoutSettings(userId: string | null | undefined, storage: KeyValueStorage | undefined = browserStorage()): LayoutSettings {
  if (!userId || !storage) return { ...DEFAULT_LAYOUT_SETTINGS };
  try {
    const text = storage.getItem(layoutSettingsKey(userId));
    return text ? normalizeSettings(JSON.parse(text)) : { ...DEFAULT_LAYOUT_SETTINGS };
  } catch {
    return { ...DEFAULT_LAYOUT_SETTINGS };
  }
}

/** Stores the user's settings; nothing is stored while signed out. A full or blocked storage only loses persistence. */
export function saveLayoutSettings(userId: string | null | undefined, settings: LayoutSettings, storage: KeyValueStorage | undefined = browserStorage()): void {
  if (!userId || !storage) return;
  try {
    storage.setItem(layoutSettingsKey(userId), JSON.stringify(settings));
  } catch {
    // quota exceeded or storage disabled: the settings still apply for this page
  }
}
