/** What the service worker and the pages say to each other, and the URLs they share. */

/** The page served for any address the server cannot answer: the app renders it from storage. */
export const SHELL_URL = '/index.html';
/** A page asks the waiting version to take over ('Atualizar'). */
export const SKIP_WAITING = 'skip-waiting';
/** The worker tells the pages the link is back (Background Sync): send the outbox now. */
export const SYNC_NOW = 'outbox-sync-now';
/** The Background Sync registration of the outbox. */
export const OUTBOX_SYNC_TAG = 'agroselo-outbox';
