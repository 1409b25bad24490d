/** What this device holds and may hold for the app, in bytes (StorageManager.estimate). */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate();
    if (!estimate?.quota) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}

let asked: Promise<boolean> | null = null;

/**
 * Asks the browser not to clear the app's storage when the device runs short of space (it may
 * otherwise, and an outbox would go with it). Asked once per page; resolves with its answer.
 */
export function keepStorage(): Promise<boolean> {
  asked ??= (async () => {
    try {
      if (!navigator.storage?.persist) return false;
      return (await navigator.storage.persisted()) || (await navigator.storage.persist());
    } catch {
      return false;
    }
  })();
  return asked;
}
