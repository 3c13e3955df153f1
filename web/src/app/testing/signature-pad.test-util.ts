import { act } from '@testing-library/react';

/**
 * jsdom draws nothing on a canvas: a test replaces signature_pad with this pad, whose strokes the
 * test makes (`stroke`), answering isEmpty and toDataURL as the real one would. In the test file:
 *   vi.mock('signature_pad', () => import('../../app/testing/signature-pad.test-util').then((util) => util.signaturePadModule));
 */
export class FakeSignaturePad {
  empty = true;
  readonly listeners = new Map<string, () => void>();
  constructor() {
    pads.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener() {}
  off() {}
  clear() {
    this.empty = true;
  }
  isEmpty() {
    return this.empty;
  }
  toData() {
    return [];
  }
  fromData() {}
  toDataURL() {
    return 'data:image/png;base64,iVBORw0KGgo=';
  }
}

/** Every pad made, oldest first (clear it between tests: `pads.length = 0`). */
export const pads: FakeSignaturePad[] = [];

export const signaturePadModule = { default: FakeSignaturePad };

/** Draws on a pad (the newest by default), as a finished stroke. */
export function stroke(index = pads.length - 1): void {
  act(() => {
    const pad = pads[index]!;
    pad.empty = false;
    pad.listeners.get('endStroke')!();
  });
}
