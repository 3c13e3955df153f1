import { describe, expect, it } from 'vitest';
import { layoutSettingsKey, loadLayoutSettings, saveLayoutSettings } from './layout-storage';
import { MemoryStorage } from './memory-storage.test-util';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from './settings';

const dark: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, theme: 'dark', layout: 'horizontal', color: 'purple', direction: 'rtl' };

describe('layout settings persistence', () => {
  it('gives the defaults when nothing is stored or nobody is signed in', () => {
    const storage = new MemoryStorage();
    expect(loadLayoutSettings('u1', storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(loadLayoutSettings(null, storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('saves and loads per user id under layout-settings:<user_id>', () => {
    const storage = new MemoryStorage();
    saveLayoutSettings('u1', dark, storage);
    expect(layoutSettingsKey('u1')).toBe('layout-settings:u1');
    expect(JSON.parse(storage.getItem('layout-settings:u1')!)).toEqual(dark);
    expect(loadLayoutSettings('u1', storage)).toEqual(dark);
    expect(loadLayoutSettings('u2', storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    saveLayoutSettings('u2', { ...DEFAULT_LAYOUT_SETTINGS, font: 'mono' }, storage);
    expect(loadLayoutSettings('u1', storage)).toEqual(dark);
    expect(loadLayoutSettings('u2', storage).font).toBe('mono');
  });

  it('stores nothing while signed out', () => {
    const storage = new MemoryStorage();
    saveLayoutSettings(undefined, dark, storage);
    expect(storage.length).toBe(0);
  });

  it('falls back to the defaults for an unreadable entry and repairs unknown values', () => {
    const storage = new MemoryStorage();
    storage.setItem('layout-settings:u1', '{not json');
    expect(loadLayoutSettings('u1', storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    storage.setItem('layout-settings:u1', JSON.stringify({ theme: 'dark', sidebar: 'huge' }));
    expect(loadLayoutSettings('u1', storage)).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, theme: 'dark' });
  });

  it('survives a storage that throws', () => {
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); } };
    expect(loadLayoutSettings('u1', broken)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(() => saveLayoutSettings('u1', dark, broken)).not.toThrow();
  });
});
