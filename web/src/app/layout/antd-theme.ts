import { type ThemeConfig, theme } from 'antd';
import { type LayoutSettings, colorHex, fontStack } from './settings';

/** The antd theme for these settings: light or dark algorithm, the primary colour and the font stack. */
export function antdTheme(settings: Pick<LayoutSettings, 'theme' | 'color' | 'font'>): ThemeConfig {
  return {
    algorithm: settings.theme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: colorHex(settings.color), fontFamily: fontStack(settings.font) },
  };
}
