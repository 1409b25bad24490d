/**
 * A cache of at most `maxEntries` entries and `maxBytes` bytes (as `sizeOf` counts a key and its
 * value), the least recently used dropped first. Every in-memory cache of the server is one, so
 * none grows with what clients send (docs/decisions/013).
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(
    private readonly limits: {
      maxEntries: number;
      maxBytes: number;
      sizeOf: (key: K, value: V) => number;
    },
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held, as `sizeOf` counts them. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps `value` under `key` and answers what was dropped to make room (its owner may have to
   * release it elsewhere). A value larger than the whole cache is not kept.
   */
  set(key: K, value: V): [K, V][] {
    this.delete(key);
    const bytes = this.limits.sizeOf(key, value);
    if (bytes > this.limits.maxBytes) return [];
    const dropped: [K, V][] = [];
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.limits.maxEntries || this.#bytes + bytes > this.limits.maxBytes)
    ) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#entries.delete(oldestKey);
      this.#bytes -= oldest.bytes;
      dropped.push([oldestKey, oldest.value]);
    }
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    return dropped;
  }

  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    return true;
  }
}

/** Bytes of a string in memory, about: V8 keeps one- or two-byte strings; counted at two. */
export const stringBytes = (text: string) => text.length * 2;
