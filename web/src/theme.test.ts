import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

// Beside this file. Not `new URL('theme-variables.css', import.meta.url)`: the web project's
// (jsdom) transform is Vite's browser one, which rewrites that pattern into the asset's served
// address, so the snapshot was '/src/theme-variables.css' at the root of the disk. A machine
// without that file failed under CI=true; a local run wrote it there and every later run passed.
const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme-variables.css');

/**
 * What MantineProvider writes in a <style> on its first render for our theme: Mantine's own
 * variables for it, our resolver's over them, less those equal to Mantine's defaults (its
 * styles.css declares those). The same functions as MantineCssVariables.
 */
function themeVariables(): ConvertCSSVariablesInput {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (part: keyof ConvertCSSVariablesInput) =>
    Object.fromEntries(
      Object.entries({ ...ours[part], ...extra[part] }).filter(
        ([name, value]) => defaults[part][name as keyof (typeof defaults)[typeof part]] !== value,
      ),
    );
  return { variables: changed('variables'), light: changed('light'), dark: changed('dark') };
}

describe('the theme', () => {
  // The app sets withCssVariables={false} and loads theme-variables.css instead: the provider's
  // work, on every first load of a slow phone, done once here. `npx vitest run --project web
  // src/theme.test.ts -u` writes the file anew after a change to the theme.
  it('has its CSS variables written ahead in theme-variables.css', async () => {
    // A missing file would fail with no diff under CI=true (the snapshot counts as unwritten).
    expect(existsSync(FILE), `${FILE} não existe`).toBe(true);
    const css = await format(convertCssVariables(themeVariables()), {
      ...(await resolveConfig(FILE)),
      filepath: FILE,
    });
    await expect(css).toMatchFileSnapshot(FILE);
  });

  it('compares with the file in the repository, which the asset pattern does not name', () => {
    expect(FILE).toBe(path.resolve(expect.getState().testPath!, '..', 'theme-variables.css'));
    expect(new URL('theme-variables.css', import.meta.url).pathname).not.toBe(FILE);
  });
});
