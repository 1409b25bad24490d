#!/usr/bin/env node
/**
 * The browser the journeys run in: CHROME_PATH, else Debian's headless shell, else its Chromium.
 * The headless shell is the same Blink without the browser's UI and compositor layers: the form and
 * property journeys took 8 % less CPU in it (69 against 75 CPU-seconds, same machine, back to back).
 *
 * Run as a script (`npm run test:e2e` does, before Playwright), it makes sure such a browser exists:
 * as root it installs the headless shell with apt-get; otherwise it names what is missing in one line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The first browser present, or undefined. */
export function journeyBrowser() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

function ensureJourneyBrowser() {
  if (process.env.CHROME_PATH && !existsSync(process.env.CHROME_PATH)) {
    console.error(`CHROME_PATH aponta para ${process.env.CHROME_PATH}, que não existe`);
    return 1;
  }
  if (journeyBrowser()) return 0;
  if (process.getuid?.() === 0) {
    console.log('Chromium ausente: instalando chromium-headless-shell (apt-get)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium-headless-shell'],
    ]) {
      const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
      if (result.status !== 0) break;
    }
    if (journeyBrowser()) return 0;
  }
  console.error(
    'Chromium não encontrado: instale-o (apt-get install chromium-headless-shell) ou defina CHROME_PATH',
  );
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exit(ensureJourneyBrowser());
