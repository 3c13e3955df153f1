import { ConfigProvider } from 'antd';
import { useLayoutEffect } from 'react';
import { antdTheme } from './antd-theme';
import type { LayoutSettings } from './settings';

/**
 * antd's static helpers (Modal.confirm, Modal.info, message.* as notice.ts and the Shell dialogs use them)
 * render outside the React tree; this gives them the same theme, colour, font and direction.
 */
export function useStaticHolderTheme(settings: LayoutSettings): void {
  useLayoutEffect(() => {
    const theme = antdTheme(settings);
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider theme={theme} direction={settings.direction}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [settings]);
}
