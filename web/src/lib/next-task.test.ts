import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves in a later task, after every microtask queued meanwhile', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    // However deep, a chain of microtasks ends within the current task.
    let depth = 0;
    const chain = () => {
      depth += 1;
      if (depth < 1000) queueMicrotask(chain);
      else order.push('microtasks');
    };
    queueMicrotask(chain);
    await waited;
    expect(order).toEqual(['microtasks', 'next task']);
  });
});
