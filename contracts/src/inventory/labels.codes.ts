/**
 * Printable carton and device labels (issue 27, docs/SCANNING.md "Labels"): the layouts a label
 * PDF comes in, and how many labels one PDF holds. (No zod here: the console reads these.)
 */

/** The label stock a PDF is laid out for: A4 sheets of labels in a grid, a 4 x 6 in label printer, a 62 mm continuous roll. */
export const LABEL_LAYOUTS = ['a4', '4x6', '62mm'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

/** The layouts as people name them (the console's choice). */
export const LABEL_LAYOUT_NAMES: Readonly<Record<LabelLayout, string>> = { a4: 'A4 sheet', '4x6': '4 × 6 in label', '62mm': '62 mm roll' };

/** The most labels one PDF holds: a full receive job, rendered in a few seconds. */
export const MAX_LABELS = 1000;
