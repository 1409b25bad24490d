#!/usr/bin/env node
/**
 * Draws the web app manifest's icons (web/public/icons) from the leaf of favicon.svg, in the
 * journeys' Chromium: 192 and 512 px on the brand's rounded square, and a maskable 512 px whose
 * leaf keeps inside the safe circle (the middle 80 %) that launchers may crop to. Run again after
 * changing the favicon: `node web/scripts/icons.mjs`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { journeyBrowser } from '../../scripts/journey-browser.mjs';

const LEAF =
  '<path d="M9 23c0-8 5-13 15-14-1 9-6 14-13 14h-2zm0 0 8-8" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>';
const ROUNDED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#25803b"/>${LEAF}</svg>`;
// Full bleed; the leaf scaled to 60 % around the centre.
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#25803b"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)">${LEAF}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: ROUNDED },
  { file: 'icon-512.png', size: 512, svg: ROUNDED },
  { file: 'icon-maskable-512.png', size: 512, svg: MASKABLE },
];

const out = path.join(import.meta.dirname, '..', 'public', 'icons');
await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: journeyBrowser(), args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
