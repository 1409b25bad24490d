import { getHeapSpaceStatistics } from 'node:v8';

/**
 * Debug only, for the benchmark (docs/decisions/013): with AGROSELO_MEMORY_REPORT=1 the
 * server writes one `memory-report {…}` line to stderr at each step of its start and on every
 * SIGUSR2, so a run can tell where its resident memory went. Nothing is served over HTTP.
 */
export const memoryReportEnabled = process.env.AGROSELO_MEMORY_REPORT === '1';

const MIB = 2 ** 20;
const mib = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;

/** The embedded database's WebAssembly memory in bytes, once it is open. */
let wasmBytes: (() => number) | undefined;

export function reportWasmMemory(bytes: () => number): void {
  wasmBytes = bytes;
}

export function reportMemory(step: string): void {
  if (!memoryReportEnabled) return;
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((space) => [
      space.space_name.replace(/_space$/, ''),
      mib(space.space_size),
    ]),
  );
  const line = {
    step,
    rss: mib(usage.rss),
    heapTotal: mib(usage.heapTotal),
    heapUsed: mib(usage.heapUsed),
    external: mib(usage.external),
    arrayBuffers: mib(usage.arrayBuffers),
    wasm: wasmBytes ? mib(wasmBytes()) : undefined,
    spaces,
  };
  process.stderr.write(`memory-report ${JSON.stringify(line)}\n`);
}

export function reportMemoryOnSignal(): void {
  if (!memoryReportEnabled) return;
  process.on('SIGUSR2', () => reportMemory('signal'));
}
