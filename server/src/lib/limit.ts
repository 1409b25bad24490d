/**
 * Runs at most `slots` of the given tasks at once; the others wait their turn, first come first
 * served. A task that fails frees its slot like one that succeeds.
 */
export function concurrencyLimit(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((turn) => waiting.push(turn));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task waiting, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
