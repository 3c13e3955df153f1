import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Radio, Select, Space, Typography, theme } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import type { SettingChange } from './layout-rules';
import { useLayoutSettings } from './LayoutSettingsContext';
import { FONTS, type LayoutSettings, PRIMARY_COLORS } from './settings';

type RadioKey = 'sidebar' | 'layout' | 'theme' | 'container' | 'direction';

const RADIO_SETTINGS: { key: RadioKey; title: string; options: { label: string; value: string }[] }[] = [
  { key: 'layout', title: 'Layout', options: [{ label: 'Vertical', value: 'vertical' }, { label: 'Horizontal', value: 'horizontal' }] },
  { key: 'sidebar', title: 'Sidebar style', options: [{ label: 'Full', value: 'full' }, { label: 'Mini', value: 'mini' }, { label: 'Overlay', value: 'overlay' }] },
  { key: 'theme', title: 'Theme', options: [{ label: 'Light', value: 'light' }, { label: 'Dark', value: 'dark' }] },
  { key: 'container', title: 'Container', options: [{ label: 'Full width', value: 'full' }, { label: 'Boxed', value: 'boxed' }] },
  { key: 'direction', title: 'Direction', options: [{ label: 'LTR', value: 'ltr' }, { label: 'RTL', value: 'rtl' }] },
];

function Setting({ title, labelId, hint, children }: { title: string; labelId: string; hint?: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Text strong id={labelId} style={{ display: 'block', marginBottom: 8 }}>
        {title}
      </Typography.Text>
      {children}
      {hint && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </section>
  );
}

/**
 * The 'Layout Settings' drawer (doc 1 §2.3): every change applies at once, persists, and refusals show as a warning.
 * Plain radios rather than antd button radios: those hide their input at zero size, so browser tests could not check them.
 */
export function LayoutSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings, change, reset } = useLayoutSettings();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const id = useId();

  const set = (requested: SettingChange) => {
    const result = change(requested);
    if (result.warning) void message.warning(result.warning);
  };

  const selectedColor = PRIMARY_COLORS.find((color) => color.key === settings.color);

  return (
    <Drawer
      title="Layout Settings"
      open={open}
      onClose={onClose}
      placement={settings.direction === 'rtl' ? 'left' : 'right'}
      size={340}
      footer={<Button onClick={reset}>Reset to defaults</Button>}
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {RADIO_SETTINGS.map((setting) => (
          <Setting
            key={setting.key}
            title={setting.title}
            labelId={`${id}-${setting.key}`}
            hint={setting.key === 'sidebar' ? 'Windows 1023 px wide or less use the mini sidebar, 768 px or less the overlay sidebar.' : setting.key === 'container' ? 'Boxed turns the sidebar into an overlay.' : undefined}
          >
            <Radio.Group
              aria-labelledby={`${id}-${setting.key}`}
              options={setting.options}
              value={settings[setting.key]}
              onChange={(event) => set({ key: setting.key, value: event.target.value as LayoutSettings[RadioKey] } as SettingChange)}
            />
          </Setting>
        ))}
        <Setting title="Font" labelId={`${id}-font`}>
          <Select
            aria-label="Font"
            style={{ width: '100%' }}
            value={settings.font}
            options={FONTS.map((font) => ({ value: font.key, label: font.label }))}
            onChange={(value) => set({ key: 'font', value })}
          />
        </Setting>
        <Setting title="Primary colour" labelId={`${id}-color`}>
          <div role="radiogroup" aria-labelledby={`${id}-color`} style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 36px)', gap: 10 }}>
            {PRIMARY_COLORS.map((color) => {
              const selected = color.key === settings.color;
              return (
                <button
                  key={color.key}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={color.label}
                  title={color.label}
                  onClick={() => set({ key: 'color', value: color.key })}
                  style={{
                    width: 36,
                    height: 36,
                    padding: 0,
                    borderRadius: 8,
                    cursor: 'pointer',
                    background: color.hex,
                    color: '#fff',
                    border: 'none',
                    outline: selected ? `2px solid ${token.colorText}` : undefined,
                    outlineOffset: 2,
                  }}
                >
                  {selected && <CheckOutlined />}
                </button>
              );
            })}
          </div>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
            {selectedColor?.label}
          </Typography.Text>
        </Setting>
      </Space>
    </Drawer>
  );
}

/** The header button (aria-label 'Layout settings') and the drawer it opens. */
export function LayoutSettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SettingOutlined />} aria-label="Layout settings" title="Layout settings" onClick={() => setOpen(true)} />
      <LayoutSettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
