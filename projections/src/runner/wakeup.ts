/**
 * A wake-up call that is never lost: a notify() that arrives while nobody waits is kept
 * for the next wait(), which then returns at once.
 */
export class Wakeup {
  private pending = false;
  private waiter: (() => void) | undefined;

  notify(): void {
    this.pending = true;
    this.waiter?.();
  }

  /** Forget earlier notifications: call before reading, so only news after the read wakes. */
  clear(): void {
    this.pending = false;
  }

  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.pending || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', finish);
        this.waiter = undefined;
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      signal?.addEventListener('abort', finish, { once: true });
      this.waiter = finish;
    });
  }
}
