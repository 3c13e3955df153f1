import { configure } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll } from 'vitest';
import '@testing-library/jest-dom/vitest';

/**
 * CI runs the suites on two busy cores, where a click's re-render and a stubbed request can take
 * longer than testing-library's default 1 s of waiting; a wait that is never satisfied still fails.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * antd's static popups (notices, notifications, toasts) live outside the rendered tree, so a
 * test's cleanup does not unmount them; their closing animations — and a toast's own 3 s timer —
 * would then run after the file's DOM is torn down ("window is not defined"). Close them all
 * and let React finish before teardown.
 */
/**
 * A toast closes itself on its own timer (3 s), and that timer keeps running after
 * `message.destroy()` has started the closing motion: when it fires after teardown, React renders
 * into a DOM that is gone. Toasts in tests stay until destroyed, so no timer outlives a file.
 */
message.config({ duration: 0 });

afterAll(async () => {
  Modal.destroyAll();
  notification.destroy();
  message.destroy();
  await new Promise((resolve) => setTimeout(resolve, 400));
});
