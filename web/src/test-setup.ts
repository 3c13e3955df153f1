import { Modal, notification } from 'antd';
import { afterAll } from 'vitest';

/**
 * antd's static popups (notices, notifications) live outside the rendered tree, so a test's
 * cleanup does not unmount them; their closing animations would then run after the file's DOM
 * is torn down ("window is not defined"). Close them and let React finish before teardown.
 */
afterAll(async () => {
  Modal.destroyAll();
  notification.destroy();
  await new Promise((resolve) => setTimeout(resolve, 400));
});
