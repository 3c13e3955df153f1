import { type ThemeConfig, theme } from 'antd';
import { type LayoutSettings, colorHex, fontStack } from './settings';

/**
 * Text that must be read meets WCAG AA's 4.5:1 (axe-core checks every screen in the browser
 * tests): antd's defaults draw secondary text, breadcrumbs, empty-table notes and placeholders at
 * 45 % and 25 % ink (3.4:1 and 1.6:1 on white), and its success, warning and error colours at
 * 2.2–3.2:1. The light theme takes darker ink and darker semantic colours; the dark theme lighter ink.
 */
const READABLE_INK = {
  light: { colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorTextDescription: 'rgba(0, 0, 0, 0.6)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)' },
  dark: { colorTextTertiary: 'rgba(255, 255, 255, 0.6)', colorTextDescription: 'rgba(255, 255, 255, 0.6)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)' },
} as const;
/** Darker seeds would turn antd's derived tints grey: the error seed (form messages) and the status texts only. */
const READABLE_STATUS_LIGHT = { colorError: '#cf1322', colorSuccessText: '#237804', colorWarningText: '#ad4e00' } as const;

/**
 * Tags draw their text in a palette's 7th shade on its 1st (cyan, green, orange, gold, lime, yellow
 * and volcano measure 2.0–4.4:1 there) and a status tag in the status colour itself on its tint
 * (success 2.2:1, warning 1.8:1): one shade or two darker they read.
 */
const READABLE_TAG_TEXT = {
  cyan7: '#006d75',
  green7: '#237804',
  orange7: '#ad4e00',
  gold7: '#874d00',
  lime7: '#3f6600',
  yellow7: '#876800',
  volcano7: '#ad2102',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
} as const;

/** The antd theme for these settings: light or dark algorithm, the primary colour and the font stack. */
export function antdTheme(settings: Pick<LayoutSettings, 'theme' | 'color' | 'font'>): ThemeConfig {
  const dark = settings.theme === 'dark';
  const primary = colorHex(settings.color);
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      // Links and info take the primary colour (antd's own info blue reads 4.1:1 on white).
      colorInfo: primary,
      fontFamily: fontStack(settings.font),
      ...(dark ? READABLE_INK.dark : { ...READABLE_INK.light, ...READABLE_STATUS_LIGHT }),
    },
    components: dark ? {} : { Tag: READABLE_TAG_TEXT },
  };
}
