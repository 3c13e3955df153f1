import { describe, expect, it } from 'vitest';
import { OVERLAY_REFUSED, applyChange, effectiveSidebar, navigationMode } from './layout-rules';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings, normalizeSettings } from './settings';

const vertical: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS };
const horizontal: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, layout: 'horizontal' };

describe('layout rules', () => {
  it('refuses the overlay sidebar in horizontal layout with the spec message, changing nothing', () => {
    expect(OVERLAY_REFUSED).toBe('Sorry! Overlay is not possible in Horizontal layout.');
    const result = applyChange(horizontal, { key: 'sidebar', value: 'overlay' });
    expect(result.warning).toBe('Sorry! Overlay is not possible in Horizontal layout.');
    expect(result.settings).toBe(horizontal);
  });

  it('accepts the overlay sidebar in vertical layout', () => {
    const result = applyChange(vertical, { key: 'sidebar', value: 'overlay' });
    expect(result.warning).toBeUndefined();
    expect(result.settings.sidebar).toBe('overlay');
  });

  it('forces the overlay sidebar when the boxed container is chosen', () => {
    const result = applyChange({ ...vertical, sidebar: 'mini' }, { key: 'container', value: 'boxed' });
    expect(result.warning).toBeUndefined();
    expect(result.settings).toMatchObject({ container: 'boxed', sidebar: 'overlay' });
  });

  it('in horizontal layout keeps the boxed container but refuses its forced overlay with the same message', () => {
    const result = applyChange(horizontal, { key: 'container', value: 'boxed' });
    expect(result.warning).toBe(OVERLAY_REFUSED);
    expect(result.settings).toMatchObject({ layout: 'horizontal', container: 'boxed', sidebar: 'full' });
  });

  it('leaves the sidebar alone when going back to the full container', () => {
    const boxed = applyChange(vertical, { key: 'container', value: 'boxed' }).settings;
    expect(applyChange(boxed, { key: 'container', value: 'full' }).settings).toMatchObject({ container: 'full', sidebar: 'overlay' });
  });

  it('turns an overlay sidebar into full when switching to horizontal layout', () => {
    const result = applyChange({ ...vertical, sidebar: 'overlay' }, { key: 'layout', value: 'horizontal' });
    expect(result.warning).toBeUndefined();
    expect(result.settings).toMatchObject({ layout: 'horizontal', sidebar: 'full' });
  });

  it('applies the other settings as chosen', () => {
    expect(applyChange(vertical, { key: 'theme', value: 'dark' }).settings.theme).toBe('dark');
    expect(applyChange(vertical, { key: 'direction', value: 'rtl' }).settings.direction).toBe('rtl');
    expect(applyChange(vertical, { key: 'font', value: 'serif' }).settings.font).toBe('serif');
    expect(applyChange(vertical, { key: 'color', value: 'teal' }).settings.color).toBe('teal');
  });

  it('draws the sidebar by window width: ≤ 768 overlay, 769–1023 mini, wider the choice', () => {
    for (const sidebar of ['full', 'mini', 'overlay'] as const) {
      const settings = { ...vertical, sidebar };
      expect(effectiveSidebar(settings, 320)).toBe('overlay');
      expect(effectiveSidebar(settings, 768)).toBe('overlay');
      expect(effectiveSidebar(settings, 769)).toBe('mini');
      expect(effectiveSidebar(settings, 1023)).toBe('mini');
      expect(effectiveSidebar(settings, 1024)).toBe(sidebar);
      expect(effectiveSidebar(settings, 1920)).toBe(sidebar);
    }
    expect(effectiveSidebar(DEFAULT_LAYOUT_SETTINGS, 1300)).toBe('full');
  });

  it('puts the menu across the top in horizontal layout above 768 px, the overlay sidebar below', () => {
    expect(navigationMode(horizontal, 1300)).toBe('top');
    expect(navigationMode(horizontal, 900)).toBe('top');
    expect(navigationMode(horizontal, 768)).toBe('overlay');
    expect(navigationMode(vertical, 900)).toBe('mini');
    expect(navigationMode(vertical, 1300)).toBe('full');
  });

  it('normalizes stored settings: unknown values fall back, horizontal never keeps overlay', () => {
    expect(normalizeSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(normalizeSettings({ theme: 'dark', color: 'nope', font: 42 })).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, theme: 'dark' });
    expect(normalizeSettings({ layout: 'horizontal', sidebar: 'overlay' })).toMatchObject({ layout: 'horizontal', sidebar: 'full' });
  });
});
