/**
 * The Node flags the server always runs with: `npm start` (package.json), the journeys, the
 * benchmarks and the security scan. Without a limit V8 lets the heap of a busy server grow towards
 * a quarter of the machine's memory before collecting it in earnest: under 50 connections the
 * server held 535 MiB of which its live data was a tenth (docs/decisions/010). 256 MiB is many
 * times the live heap at the largest page (500 rows) and leaves uploads alone: file bytes live
 * outside it. The young generation is capped at 4 MiB a semi-space (Node 20's default lets it grow
 * to 16, 32 MiB resident for the life of the process): on the demo data the embedded server's peak
 * fell by about 30 MiB, CPU per request within the shared machine's noise (docs/decisions/010,
 * tenth part).
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256', '--max-semi-space-size=4'];
