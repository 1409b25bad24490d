import { expect, it } from 'vitest';
import { TRIMMED_BY_JS } from './people';

it('TRIMMED_BY_JS is every code point String#trim takes off, and only those', () => {
  const trimmed: number[] = [];
  for (let code = 0; code <= 0x10ffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (String.fromCodePoint(code).trim() === '') trimmed.push(code);
  }
  expect(trimmed).toEqual(TRIMMED_BY_JS);
});
