/**
 * Per-room coalescing: the first change to a room schedules one push `intervalMs` later; changes
 * meanwhile (or while that push runs) fold into it, and the next push comes no sooner than
 * `intervalMs` after. At 250 ms a room gets at most 4 pushes a second, each reading fresh figures.
 */
export class RoomThrottle {
  private readonly rooms = new Map<string, { timer?: ReturnType<typeof setTimeout>; running: boolean; dirty: boolean }>();
  private closed = false;

  constructor(
    private readonly push: (room: string) => Promise<void>,
    private readonly intervalMs = 250,
    private readonly onError: (room: string, error: unknown) => void = () => undefined,
  ) {}

  touch(room: string): void {
    if (this.closed) return;
    const state = this.rooms.get(room) ?? { running: false, dirty: false };
    this.rooms.set(room, state);
    if (state.timer || state.running) {
      state.dirty = true;
      return;
    }
    this.schedule(room, state);
  }

  close(): void {
    this.closed = true;
    for (const state of this.rooms.values()) clearTimeout(state.timer);
    this.rooms.clear();
  }

  private schedule(room: string, state: { timer?: ReturnType<typeof setTimeout>; running: boolean; dirty: boolean }): void {
    state.timer = setTimeout(() => {
      // Changes made until now are in this push; only later ones need another.
      state.timer = undefined;
      state.dirty = false;
      state.running = true;
      void this.push(room)
        .catch((error: unknown) => this.onError(room, error))
        .finally(() => {
          state.running = false;
          if (this.closed) return;
          if (state.dirty) this.schedule(room, state);
          else this.rooms.delete(room);
        });
    }, this.intervalMs);
  }
}
