import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (zod and the form's schema) loads on first use rather
 * than with the page: on a slow phone, building the schemas held the first paint of the sign-in
 * and sign-up screens (docs/decisions/014-first-load-on-a-phone.md). `preload` starts the download early,
 * e.g. when the form first gets focus; a submit before it arrives simply waits for it.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): { resolver: Resolver<TInput, unknown, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (a dropped connection) is tried again on the next submit.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
