import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { messages } from '@agroselo/contracts';
import { errorMessage, type DownloadedFile } from '../api';

/** Hands a fetched file to the browser's downloads, under the name the server gave it. */
export function saveDownload({ blob, filename }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement('a'), { href, download: filename });
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Downloads fetched with the session's token (a plain link sends none): `busy` names the one on
 * its way; a failure is told in a notification, in pt-BR.
 */
export function useDownload<K extends string = string>(failure: string = messages.exports.failed) {
  const [busy, setBusy] = useState<K | null>(null);
  const start = async (key: K, fetchFile: () => Promise<DownloadedFile>) => {
    setBusy(key);
    try {
      saveDownload(await fetchFile());
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, failure) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, start };
}
