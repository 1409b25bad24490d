import { afterAll } from 'vitest';
import { closeTestApps } from './test-app';

// Runs before every test file, even when files share modules: each file closes its own apps.
afterAll(closeTestApps);
