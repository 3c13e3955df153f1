import type { Key } from 'react';

/**
 * Row selection of a report (ReportPage `selection`):
 * - 'per-page': each page keeps its own selection, stored in the browser so it survives a reload
 *   (doc 1 §2.6, doc 2 §9: "selected cartons are remembered per page on the device");
 * - 'across-pages': one selection kept while paging, in memory.
 * Either way the screen is told every selected row, of every page.
 */
export type SelectionMemory = 'per-page' | 'across-pages';

export interface ReportSelection<Row> {
  remember: SelectionMemory;
  /** Every selected key and row, over all pages. */
  onChange?: (keys: Key[], rows: Row[]) => void;
  /** Browser storage name of a 'per-page' selection; default: the list route. */
  storageKey?: string;
  /** Changing it clears the selection (after an action, a cancelled drawer, ...). */
  resetKey?: unknown;
  /** Rows that may be picked (the others show a disabled checkbox); default: every row. */
  selectable?: (row: Row) => boolean;
  /**
   * Keys picked outside the table (scanned): shown ticked, their checkbox fixed while they stay
   * picked there (`pickedElsewhereNote` says why); never part of the table's own selection.
   */
  pickedElsewhere?: readonly Key[];
  pickedElsewhereNote?: string;
}

export interface Picked<Row> {
  keys: Key[];
  rows: Row[];
}

/** Selections by page number. */
export type PageSelections<Row> = Record<string, Picked<Row>>;

const STORAGE_PREFIX = 'report-selection:';

export function loadPageSelections<Row>(storageKey: string): PageSelections<Row> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + storageKey) ?? '{}') as unknown;
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as PageSelections<Row>) : {};
  } catch {
    return {};
  }
}

export function savePageSelections<Row>(storageKey: string, selections: PageSelections<Row>): void {
  const kept = Object.fromEntries(Object.entries(selections).filter(([, picked]) => picked.keys.length > 0));
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(STORAGE_PREFIX + storageKey);
    else localStorage.setItem(STORAGE_PREFIX + storageKey, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the selection still holds for this visit.
  }
}

/** Every page's selection together, in page order. */
export function allPicked<Row>(selections: PageSelections<Row>): Picked<Row> {
  const pages = Object.keys(selections).sort((a, b) => Number(a) - Number(b));
  return {
    keys: pages.flatMap((page) => selections[page]!.keys),
    rows: pages.flatMap((page) => selections[page]!.rows),
  };
}
