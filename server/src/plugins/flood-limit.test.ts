import { describe, expect, it } from 'vitest';
import { FloodCounter } from './flood-limit';

describe('FloodCounter', () => {
  it('counts each address in a window of one minute from its first request', () => {
    const counter = new FloodCounter(3);
    expect(counter.hit('198.18.0.1', 1_000)).toEqual({ count: 1, startedAt: 1_000 });
    expect(counter.hit('198.18.0.1', 30_000).count).toBe(2);
    expect(counter.hit('198.18.0.2', 30_000).count).toBe(1);
    expect(counter.hit('198.18.0.1', 60_999)).toEqual({ count: 3, startedAt: 1_000 });
    expect(counter.hit('198.18.0.1', 61_000)).toEqual({ count: 1, startedAt: 61_000 });
  });

  it('remembers at most 5,000 addresses, forgetting the least recently seen', () => {
    const counter = new FloodCounter(3);
    counter.hit('kept', 0);
    for (let i = 0; i < 4_998; i += 1) counter.hit(`198.18.${i >> 8}.${i & 255}`, 0);
    counter.hit('kept', 0);
    counter.hit('198.19.0.0', 0);
    counter.hit('198.19.0.1', 0);
    expect(counter.hit('kept', 0).count).toBe(3);
    expect(counter.hit('198.18.0.0', 0).count).toBe(1);
  });
});
