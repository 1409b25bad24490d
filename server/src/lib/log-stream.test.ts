import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { turnBatchedStdout } from './log-stream';

describe('turnBatchedStdout', () => {
  it('writes the lines of one turn together, in order, once the turn ends', async () => {
    const chunks: string[] = [];
    const stream = turnBatchedStdout((chunk) => chunks.push(chunk));
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await nextTurn();
    expect(chunks).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what waits at once when flushed, and nothing twice', async () => {
    const chunks: string[] = [];
    const stream = turnBatchedStdout((chunk) => chunks.push(chunk));
    stream.write('last words\n');
    stream.flush();
    expect(chunks).toEqual(['last words\n']);
    await nextTurn();
    expect(chunks).toEqual(['last words\n']);
  });
});
