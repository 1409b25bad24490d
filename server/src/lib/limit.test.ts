import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './limit';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  it('runs at most `slots` tasks at once, the others in the order they came', async () => {
    const run = concurrencyLimit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = gates.map((gate, index) =>
      run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a task that fails', async () => {
    const run = concurrencyLimit(1);
    const failing = run(() => Promise.reject(new Error('falhou')));
    const next = run(async () => 'seguinte');
    await expect(failing).rejects.toThrow('falhou');
    expect(await next).toBe('seguinte');
    expect(await run(async () => 'livre')).toBe('livre');
  });
});
