import { describe, expect, it } from 'vitest';
import { BoundedMap, stringBytes } from './bounded-map';

const map = (maxEntries: number, maxBytes: number) =>
  new BoundedMap<string, string>({
    maxEntries,
    maxBytes,
    sizeOf: (key, value) => stringBytes(key) + stringBytes(value),
  });

describe('BoundedMap', () => {
  it('drops the least recently used entry past its number of entries', () => {
    const cache = map(2, 1_000);
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1');
    expect(cache.set('c', '3')).toEqual([['b', '2']]);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['1', undefined, '3']);
    expect(cache.size).toBe(2);
  });

  it('drops as many entries as its bytes need, and never keeps a value larger than itself', () => {
    const cache = map(100, 40);
    cache.set('a', '123456789');
    cache.set('b', '123456789');
    expect(cache.bytes).toBe(40);
    expect(cache.set('c', '12345678901234567')).toEqual([
      ['a', '123456789'],
      ['b', '123456789'],
    ]);
    expect(cache.bytes).toBe(36);
    expect(cache.set('d', 'x'.repeat(30))).toEqual([]);
    expect(cache.get('d')).toBeUndefined();
    expect(cache.get('c')).toBe('12345678901234567');
  });

  it('counts a replaced or deleted entry out of its bytes', () => {
    const cache = map(10, 1_000);
    cache.set('a', '1234');
    cache.set('a', '12');
    expect(cache.bytes).toBe(6);
    expect(cache.delete('a')).toBe(true);
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });
});
