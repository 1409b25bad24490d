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

/**
 * Runs the given tasks one at a time, first come first served, each starting in a turn of the
 * event loop of its own. Work that keeps the thread busy from one task to the next (PGlite runs
 * PostgreSQL on this thread) would otherwise run back to back inside a single turn, and Node
 * accepts one new connection per turn: under load a newly connected client waited seconds for
 * its first answer (docs/decisions/013).
 */
export function oneTaskPerTurn() {
  const waiting: (() => Promise<void>)[] = [];
  let pumping = false;
  const pump = async () => {
    const next = waiting.shift();
    if (!next) {
      pumping = false;
      return;
    }
    await next();
    setImmediate(pump);
  };
  return function run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => Promise.resolve().then(task).then(resolve, reject));
      if (!pumping) {
        pumping = true;
        setImmediate(pump);
      }
    });
  };
}
