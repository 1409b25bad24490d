import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

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
    const file = new URL('theme-variables.css', import.meta.url).pathname;
    const css = await format(convertCssVariables(themeVariables()), {
      ...(await resolveConfig(file)),
      filepath: file,
    });
    await expect(css).toMatchFileSnapshot(file);
  });
});
