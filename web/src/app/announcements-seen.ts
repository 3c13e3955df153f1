/**
 * The newest announcement this browser's user pressed OK on. check_new reads a read model: on a
 * busy server the 'viewed' mark can still be on its way when the next page loads, and the dialog
 * would open again over the page for what the user has just read. A newer announcement still
 * opens it.
 */
type Store = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (userId: string) => `announcements-seen:${userId}`;

export function rememberAnnouncementsSeen(userId: string, newestId: string | undefined, store: Store = localStorage): void {
  if (newestId) store.setItem(keyOf(userId), newestId);
}

/** Whether the dialog is worth opening: something is listed and its newest entry was not the one dismissed here. */
export function announcementsUnseen(userId: string, newestId: string | undefined, store: Store = localStorage): boolean {
  return newestId !== undefined && store.getItem(keyOf(userId)) !== newestId;
}
