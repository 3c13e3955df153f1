import { act, cleanup, configure, getConfig } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';

/**
 * CI runs the suites on two busy cores, where a click's re-render and a stubbed request can take
 * longer than testing-library's default 1 s of waiting; a wait that is never satisfied still fails.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * testing-library's role and name queries ask jsdom for the computed style of every element they
 * pass (hidden or not, and each node a name is made of), and jsdom matches each element against
 * all of antd's style rules (~600 kB of them on a page with a drawer): naming a drawer's buttons
 * took ~3 s, long enough to run a wait out on a busy machine. Within one query nothing changes,
 * so a query's calls share their answers; they are forgotten at the next microtask and around
 * every event a test fires, an element's answer is asked again when its class or style changed,
 * and only testing-library's own calls (told by their stack) are shared: the app's code (antd
 * measuring, React effects) always gets a fresh answer.
 */
{
  const computedStyle = window.getComputedStyle.bind(window);
  let shared = new WeakMap<Element, { style: CSSStyleDeclaration; made: string }>();
  const madeOf = (element: Element) => `${element.getAttribute('class')}\n${element.getAttribute('style')}`;
  let forgetting = false;
  const forget = () => {
    shared = new WeakMap();
    forgetting = false;
  };
  const askedByTestingLibrary = () => /dom-accessibility-api|@testing-library[\\/]dom/.test(new Error().stack ?? '');
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement || !askedByTestingLibrary()) return computedStyle(element, pseudoElement);
    const made = madeOf(element);
    const known = shared.get(element);
    if (known?.made === made) return known.style;
    const style = computedStyle(element);
    shared.set(element, { style, made });
    if (!forgetting) {
      forgetting = true;
      queueMicrotask(forget);
    }
    return style;
  };
  const { eventWrapper } = getConfig();
  configure({
    eventWrapper: (event) => {
      forget();
      try {
        return eventWrapper(event);
      } finally {
        forget();
      }
    },
  });
}

/**
 * A toast closes itself on its own timer (3 s), and that timer keeps running after
 * `message.destroy()` has started the closing motion: when it fires after teardown, React renders
 * into a DOM that is gone. Toasts in tests stay until destroyed, so no timer outlives a file.
 */
message.config({ duration: 0 });

/**
 * testing-library unmounts what a test rendered only where the runner's globals exist, and ours
 * are off: without this, every tree a file rendered stays mounted to the end of the file, its
 * timers (debounces, refetches, tooltips) still running when jsdom is torn down — where their
 * renders fail the run with "window is not defined". Each test's trees go when it ends; answers
 * already given to its requests land first, inside `act`, while the tree can still take them.
 * (Under fake timers a real wait would never end: the file's own afterEach restores them first,
 * as hooks run in reverse order, and a file that keeps them gets no wait.)
 */
afterEach(async () => {
  if (!vi.isFakeTimers()) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  cleanup();
});

/**
 * antd's static popups (notices, notifications, toasts) live outside the rendered tree, so a
 * test's cleanup does not unmount them. Closing them renders their holders' roots — and antd
 * creates a holder on `destroy()` when none exists yet, so even a file that never showed one
 * schedules a render. Outside `act`, React's scheduler runs that render on a later tick, which on
 * a busy machine can come after jsdom's teardown ("window is not defined", failing the run).
 * Inside `act`, React queues the work and runs it before `act` returns.
 */
afterAll(async () => {
  await act(async () => {
    // A file's last test may end with a request still answering (a command's success notice, a
    // list's reload): let it land inside `act` first, then close what it opened.
    await new Promise((resolve) => setTimeout(resolve, 200));
    Modal.destroyAll();
    notification.destroy();
    message.destroy();
    // The holders' refs hand over their instances in a microtask, then the destroys run.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
