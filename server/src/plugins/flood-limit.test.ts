import { describe, expect, it } from 'vitest';
import { FloodCounter, floodKey } from './flood-limit';

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

describe('floodKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(floodKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(floodKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(floodKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(floodKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts the addresses of one IPv6 /64 together, however they are written', () => {
    const key = floodKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(floodKey('2001:0DB8:0001:0002:ffff:ffff:ffff:9')).toBe(key);
    expect(floodKey('2001:db8:1:2:0:0:0:0')).toBe(key);
    expect(floodKey('2001:db8:1:3::1')).not.toBe(key);
    expect(floodKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(floodKey('::1')).toBe('0:0:0:0::/64');
    expect(floodKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(floodKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
