/**
 * The Node flags the server runs with. Without a heap limit V8 lets the heap of a busy server grow
 * towards a quarter of the machine's memory before collecting it in earnest: under 50 connections
 * the server held 535 MiB of which its live data was a tenth (docs/decisions/013). 256 MiB is many
 * times the live heap at the largest page (500 rows) and leaves uploads alone: file bytes live
 * outside it.
 */
const HEAP_LIMIT = '--max-old-space-size=256';

/**
 * On PostgreSQL (a deployment, README "Running two servers"; the benchmark's PostgreSQL mode and
 * the security scan): the young generation at Node's default, up to 16 MiB a semi-space. Capped at
 * 4 as embedded, the collector took a quarter of the server's time on the form instance's 67 KiB
 * answers; at 16 that answer cost 16 % less CPU and `auth/info` read 0.66× its same-SQL ceiling
 * instead of 0.54×, for 30 MiB more (137 → 168 MiB peak; docs/decisions/013).
 */
export const POSTGRES_SERVER_NODE_ARGS = [HEAP_LIMIT];

/**
 * Embedded (`npm start`, the journeys, the benchmark's embedded and demo modes, `bench:web`): the
 * young generation capped at 4 MiB a semi-space, 32 MiB less resident for the life of the process:
 * on the demo data the embedded server's peak fell by about 30 MiB (issue #24's 350 MiB;
 * docs/decisions/013).
 */
export const SERVER_NODE_ARGS = [HEAP_LIMIT, '--max-semi-space-size=4'];
