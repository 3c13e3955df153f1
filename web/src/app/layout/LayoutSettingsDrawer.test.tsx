import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { antdTheme } from './antd-theme';
import { LayoutSettingsButton } from './LayoutSettingsDrawer';
import { LayoutSettingsProvider, useLayoutSettings } from './LayoutSettingsContext';
import { installBrowserStubs } from '../report/render.test-util';
import { MemoryStorage } from './memory-storage.test-util';
import { DEFAULT_LAYOUT_SETTINGS } from './settings';

beforeAll(installBrowserStubs);

afterEach(cleanup);

function Themed() {
  const { settings } = useLayoutSettings();
  return (
    <ConfigProvider theme={antdTheme(settings)} direction={settings.direction}>
      <AntApp>
        <LayoutSettingsButton />
        <output data-testid="settings">{JSON.stringify(settings)}</output>
      </AntApp>
    </ConfigProvider>
  );
}

function renderWith(storage: Storage, userId: string | null = 'u1') {
  return render(
    <LayoutSettingsProvider userId={userId} storage={storage}>
      <Themed />
    </LayoutSettingsProvider>,
  );
}

async function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: 'Layout settings' }));
  return screen.findByRole('dialog', { name: 'Layout Settings' });
}

// antd's first render (style generation) is slow in jsdom, slower still when every test file runs at once
describe('layout settings drawer', { timeout: 20_000 }, () => {
  it('switches to dark at once, marks <html data-theme="dark"> and stores it for the user', async () => {
    const storage = new MemoryStorage();
    renderWith(storage);
    expect(document.documentElement.dataset.theme).toBe('light');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect((within(drawer).getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect(JSON.parse(storage.getItem('layout-settings:u1')!)).toMatchObject({ theme: 'dark' });
  });

  it('offers a labelled control per setting', async () => {
    renderWith(new MemoryStorage());
    const drawer = await openDrawer();
    for (const name of ['Layout', 'Sidebar style', 'Theme', 'Container', 'Direction', 'Primary colour']) {
      expect(within(drawer).getByRole('radiogroup', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByRole('combobox', { name: 'Font' })).toBeInTheDocument();
    expect(within(within(drawer).getByRole('radiogroup', { name: 'Primary colour' })).getAllByRole('radio')).toHaveLength(15);
  });

  it('applies direction and colour, and refuses overlay in horizontal layout with the spec warning', async () => {
    const storage = new MemoryStorage();
    renderWith(storage);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('radio', { name: 'RTL' }));
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Teal' }));
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Horizontal' }));
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Overlay' }));
    expect(await screen.findByText('Sorry! Overlay is not possible in Horizontal layout.')).toBeInTheDocument();
    expect(JSON.parse(storage.getItem('layout-settings:u1')!)).toMatchObject({ direction: 'rtl', color: 'teal', layout: 'horizontal', sidebar: 'full' });
  });

  it('choosing boxed forces the overlay sidebar', async () => {
    const storage = new MemoryStorage();
    renderWith(storage);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Boxed' }));
    expect(JSON.parse(screen.getByTestId('settings').textContent!)).toMatchObject({ container: 'boxed', sidebar: 'overlay' });
  });

  it("loads the signed-in user's stored settings, and the defaults after sign-out", () => {
    const storage = new MemoryStorage();
    storage.setItem('layout-settings:u7', JSON.stringify({ ...DEFAULT_LAYOUT_SETTINGS, theme: 'dark', direction: 'rtl' }));
    const view = renderWith(storage, 'u7');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dir).toBe('rtl');
    act(() =>
      view.rerender(
        <LayoutSettingsProvider userId={null} storage={storage}>
          <Themed />
        </LayoutSettingsProvider>,
      ),
    );
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
