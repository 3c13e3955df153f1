import type { Server as HttpServer } from 'node:http';
import { type ExportPush, LIVE_EVENT, type LiveCounts } from '@portal/contracts';
import { type SqlDb, managerCounts, orgCounts } from '@portal/projections';
import { Server, type Socket } from 'socket.io';
import type { AuthenticatedUser } from '../../auth/auth.service';
import type { Logger } from '../logger';
import { RoomThrottle } from './room-throttle';
import type { LiveBus } from './live-bus';
import { type Room, roomsOfScope, scopeOfRoom, userRoom } from './rooms';

interface ServerToClient {
  counts: (push: LiveCounts) => void;
  export: (push: ExportPush) => void;
  messages: () => void;
}

/** At most 4 pushes a second to a room. */
export const PUSH_INTERVAL_MS = 250;
/** How often every socket's session is checked again unless SOCKET_RECHECK_MS says otherwise. */
export const SESSION_RECHECK_MS = 60_000;
/** Sessions checked at once during a re-check: a few queries each, so thousands of sockets never flood the pool. */
const RECHECK_CONCURRENCY = 8;

interface SocketData {
  user: AuthenticatedUser;
  rooms: Room[];
  /** The session it connected with: checked again, so the socket ends with its session. */
  token: string;
}

type LiveSocket = Socket<Record<string, never>, ServerToClient, Record<string, never>, SocketData>;

export interface LiveGateway {
  close(): Promise<void>;
}

/**
 * The socket.io side of the live dashboard (DESIGN.md §7): clients connect on `/socket.io` with
 * `auth: { token }` (the session JWT), join the rooms of their scope, get each room's counts at
 * once and again, debounced, whenever a committed batch touched that scope.
 *
 * A socket lives no longer than its session: every `recheckMs` one timer checks every socket's
 * token again (revoked, expired, user disabled → disconnected), and a `session-ended` message
 * (logout, password change) checks that user's sockets at once.
 */
export async function startLiveGateway(options: {
  httpServer: HttpServer;
  db: SqlDb;
  authenticate: (token: string) => Promise<AuthenticatedUser | null>;
  live: LiveBus;
  logger: Logger;
  intervalMs?: number;
  recheckMs?: number;
}): Promise<LiveGateway> {
  const { db, logger } = options;
  const io = new Server<Record<string, never>, ServerToClient, Record<string, never>, SocketData>(options.httpServer, {
    path: '/socket.io',
    serveClient: false,
  });

  const countsOf = async (room: Room): Promise<LiveCounts | undefined> => {
    const scope = scopeOfRoom(room);
    if (!scope) return undefined;
    const [org, inventory] = await Promise.all([orgCounts(db, scope), managerCounts(db, scope)]);
    return { room, ...org, devices_in_stock: inventory.total_in_stock };
  };

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error('unauthorized'));
    options
      .authenticate(token)
      .then(async (user) => {
        if (!user) return next(new Error('unauthorized'));
        socket.data.user = user;
        socket.data.token = token;
        socket.data.rooms = await roomsOfScope(db, user.scope);
        next();
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'live gateway: handshake failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket: LiveSocket) => {
    const rooms = socket.data.rooms;
    // The user's own room carries their exports' progress; it has no counts.
    void socket.join([...rooms, userRoom(socket.data.user.user_id)]);
    void (async () => {
      for (const room of rooms) {
        const push = await countsOf(room);
        if (push && socket.connected) socket.emit(LIVE_EVENT.counts, push);
      }
    })().catch((error: unknown) => logger.error({ err: error, user: socket.data.user.user_id }, 'live gateway: first counts failed'));
  });

  // Only rooms with a socket on THIS process are counted; other api processes serve their own.
  const throttle = new RoomThrottle(
    async (room) => {
      if (!io.sockets.adapter.rooms.has(room)) return;
      const push = await countsOf(room);
      if (push) io.to(room).emit(LIVE_EVENT.counts, push);
    },
    options.intervalMs ?? PUSH_INTERVAL_MS,
    (room, error) => logger.error({ err: error, room }, 'live gateway: pushing counts failed'),
  );

  /** Disconnects the sockets whose session no longer authenticates; one check per distinct token. A failed check keeps the socket (the next one decides). */
  const recheck = async (sockets: LiveSocket[]): Promise<void> => {
    const byToken = new Map<string, LiveSocket[]>();
    for (const socket of sockets) if (socket.data.token) byToken.set(socket.data.token, [...(byToken.get(socket.data.token) ?? []), socket]);
    const tokens = [...byToken.keys()];
    for (let start = 0; start < tokens.length; start += RECHECK_CONCURRENCY) {
      await Promise.all(
        tokens.slice(start, start + RECHECK_CONCURRENCY).map(async (token) => {
          const user = await options.authenticate(token).catch((error: unknown) => {
            logger.warn({ err: error }, 'live gateway: re-checking a session failed; the socket stays until the next check');
            return undefined;
          });
          if (user !== null) return;
          for (const socket of byToken.get(token)!) socket.disconnect(true);
        }),
      );
    }
  };
  const socketsOf = (userId: string) => [...io.sockets.sockets.values()].filter((socket) => socket.data.user.user_id === userId);

  // One timer for every socket of this process; a slow round is not overlapped by the next.
  let rechecking = false;
  const recheckTimer = setInterval(() => {
    if (rechecking || io.sockets.sockets.size === 0) return;
    rechecking = true;
    recheck([...io.sockets.sockets.values()])
      .catch((error: unknown) => logger.error({ err: error }, 'live gateway: re-checking sessions failed'))
      .finally(() => (rechecking = false));
  }, options.recheckMs ?? SESSION_RECHECK_MS);
  recheckTimer.unref();

  const unsubscribe = await options.live.subscribe((message) => {
    switch (message.kind) {
      case 'export':
        // The worker already paces progress; a user with no socket here simply gets nothing from this process.
        io.to(userRoom(message.user_id)).emit(LIVE_EVENT.export, message.push);
        return;
      case 'session-ended':
        // Re-checked rather than all ended: a socket opened with the token a password change answered stays.
        void recheck(socketsOf(message.user_id)).catch((error: unknown) => logger.error({ err: error, user: message.user_id }, 'live gateway: ending sessions failed'));
        return;
      case 'messages':
        // No payload: the console refetches its own count (GET /api/v1/messages/unread), which knows who may read what.
        if (message.user_ids === null) io.emit(LIVE_EVENT.messages);
        else for (const userId of message.user_ids) io.to(userRoom(userId)).emit(LIVE_EVENT.messages);
        return;
      case 'scopes':
        for (const room of message.rooms) if (io.sockets.adapter.rooms.has(room)) throttle.touch(room);
        return;
      case 'resync':
        for (const room of io.sockets.adapter.rooms.keys()) if (scopeOfRoom(room)) throttle.touch(room);
    }
  });
  logger.info({ path: '/socket.io', live: options.live.kind }, 'live gateway listening');

  return {
    async close() {
      clearInterval(recheckTimer);
      throttle.close();
      await unsubscribe();
      // The HTTP server is Nest's to close; only the sockets end here.
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
