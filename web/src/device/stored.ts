/**
 * Which answers the client took from this device's store rather than the network, by the object
 * it handed out (the query cache holds the same object): the notice 'Sem conexão — dados de …'
 * names the oldest of those on screen.
 */
const marks = new WeakMap<object, number>();

/**
 * The account's own reads kept on this device: the session, properties, instances with their
 * forms and answers, pendências, vistorias and their photos, the bell. Not files made on demand
 * (PDFs, exports) nor anyone's public pages.
 */
const STORABLE = /^\/api\/(auth\/info$|property\/|process-instance\/|inspection\/)/;
const NOT_STORABLE = /\/pdf$/;

export const isStorable = (url: string) => {
  const path = url.split('?', 1)[0]!;
  return STORABLE.test(path) && !NOT_STORABLE.test(path);
};

/** The header a stored answer carries (answers.ts) with when it was stored. */
export const STORED_AT_HEADER = 'X-Agroselo-Stored-At';

export function markStored(data: unknown, storedAt: number): void {
  if (typeof data === 'object' && data !== null) marks.set(data, storedAt);
}

/** When `data` was stored, if it came from the store. */
export function storedAt(data: unknown): number | undefined {
  return typeof data === 'object' && data !== null ? marks.get(data) : undefined;
}
