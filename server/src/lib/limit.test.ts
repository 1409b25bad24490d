import { describe, expect, it } from 'vitest';
import { concurrencyLimit, oneTaskPerTurn } from './limit';

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

describe('oneTaskPerTurn', () => {
  it('runs one task at a time, in the order they came, each in a turn of its own', async () => {
    const run = oneTaskPerTurn();
    const events: string[] = [];
    const gate = deferred();
    const first = run(async () => {
      events.push('start 0');
      // Timers and I/O of other work come between two tasks: this one is due right after it.
      setImmediate(() => events.push('other work'));
      await gate.promise;
      events.push('end 0');
      return 0;
    });
    const second = run(async () => {
      events.push('start 1');
      return 1;
    });
    await tick();
    await tick();
    expect(events).toEqual(['start 0', 'other work']);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual([0, 1]);
    expect(events).toEqual(['start 0', 'other work', 'end 0', 'start 1']);
  });

  it('lets other work in between tasks that keep the thread busy', async () => {
    const run = oneTaskPerTurn();
    const events: string[] = [];
    const tasks = [0, 1, 2].map((index) =>
      run(async () => {
        events.push(`task ${index}`);
        if (index === 0) setImmediate(() => events.push('other work'));
      }),
    );
    await Promise.all(tasks);
    expect(events).toEqual(['task 0', 'other work', 'task 1', 'task 2']);
  });

  it('goes on after a task that fails, also one that throws before its promise', async () => {
    const run = oneTaskPerTurn();
    const rejecting = run(() => Promise.reject(new Error('falhou')));
    const throwing = run((): Promise<string> => {
      throw new Error('lançou');
    });
    const next = run(async () => 'seguinte');
    await expect(rejecting).rejects.toThrow('falhou');
    await expect(throwing).rejects.toThrow('lançou');
    expect(await next).toBe('seguinte');
  });
});
