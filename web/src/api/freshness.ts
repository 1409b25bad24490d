/**
 * How long an answer is taken as current: the query cache serves it that long without asking
 * again, and an answer index.html's script asked for may be taken that long after the navigation.
 */
export const FRESH_FOR_MS = 30_000;
