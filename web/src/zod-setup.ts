import { z } from 'zod';

// zod probes for `new Function` when it builds an object schema, to compile parsers; under the
// CSP (no 'unsafe-eval') the probe is reported as a violation even though zod falls back. The
// browser has no use for the JIT, and this module runs before any schema is built.
z.config({ jitless: true });
