/**
 * Where the server's log lines go: standard output, the lines of one turn of the event loop
 * written together. pino's default destination writes each line with its own synchronous system
 * call, which under load cost about as much as the rest of the request log line
 * (docs/decisions/010); here a busy turn that answers dozens of requests writes once.
 * A line waits at most until the end of its turn, and whatever waits is written before the process
 * exits, a crash included.
 */
export function turnBatchedStdout(write: (chunk: string) => void = standardOutput()): {
  write(line: string): void;
  flush(): void;
} {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    write(chunk);
  };
  process.once('exit', flush);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** `process.stdout` is a getter: asked once. */
function standardOutput(): (chunk: string) => void {
  const stdout = process.stdout;
  return (chunk) => stdout.write(chunk);
}
