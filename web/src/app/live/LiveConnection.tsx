import { LIVE_EVENT, type ExportPush, type LiveCounts } from '@portal/contracts/platform/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { route } from '../api-client';
import { reloadLists } from '../command';
import { useSession } from '../session-context';
import { liveStore } from './live-store';

/** What a `messages` push makes stale: the header bell's unread count and the Message History. */
const MESSAGE_READS = [route('GET', '/api/v1/messages/unread'), route('GET', '/api/v1/manager/transaction_history')];

/**
 * The signed-in page's socket (DESIGN.md §7): authenticates with the session token, feeds the
 * live store, refreshes the lists on screen whenever the server says their scope changed, and the
 * unread count and the messages whenever it says the user's messages changed.
 */
export function LiveConnection() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const token = user?.idToken;

  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    let connectedBefore = false;
    socket.on('connect', () => {
      liveStore.setConnected(true);
      // Pushes sent while the socket was down are lost: after a reconnect, ask for the messages again.
      if (connectedBefore) reloadLists(queryClient, MESSAGE_READS);
      connectedBefore = true;
    });
    socket.on('disconnect', () => liveStore.setConnected(false));
    socket.on(LIVE_EVENT.counts, (push: LiveCounts) => {
      const first = !(push.room in liveStore.counts());
      liveStore.receiveCounts(push);
      // The first counts of a room come at connect; later ones mean its data changed: refetch what is on screen.
      if (!first) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'GET', refetchType: 'active' });
    });
    socket.on(LIVE_EVENT.export, (push: ExportPush) => liveStore.receiveExport(push));
    socket.on(LIVE_EVENT.messages, () => reloadLists(queryClient, MESSAGE_READS));
    return () => {
      socket.disconnect();
      liveStore.reset();
    };
  }, [token, queryClient]);

  return null;
}
