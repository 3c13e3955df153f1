import { configure } from '@testing-library/react';
import { Modal, notification } from 'antd';
import { afterAll } from 'vitest';

/**
 * CI runs the suites on two busy cores, where a click's re-render and a stubbed request can take
 * longer than testing-library's default 1 s of waiting; a wait that is never satisfied still fails.
 */
configure({ asyncUtilTimeout: 5_000 });

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
