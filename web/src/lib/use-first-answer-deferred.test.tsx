import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstAnswerDeferred } from './use-first-answer-deferred';

function renders() {
  const seen: (string | undefined)[] = [];
  const hook = renderHook(
    ({ answer }: { answer: string | undefined }) => seen.push(useFirstAnswerDeferred(answer)),
    { initialProps: { answer: undefined as string | undefined } },
  );
  return { seen, rerender: hook.rerender };
}

describe('useFirstAnswerDeferred', () => {
  it('gives the first answer in a second, deferred render', () => {
    const { seen, rerender } = renders();
    rerender({ answer: 'first' });
    expect(seen).toEqual([undefined, undefined, 'first']);
  });

  it('gives every later answer in the render it arrives in', () => {
    const { seen, rerender } = renders();
    rerender({ answer: 'first' });
    seen.length = 0;
    rerender({ answer: 'saved' });
    // React renders once more for the deferred copy; that render gives the same answer.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((answer) => answer === 'saved')).toBe(true);
  });
});
