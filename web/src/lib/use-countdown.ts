import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline, re-read from the clock so that a throttled background
 * tab still ends on time. `start(seconds)` (re)starts it.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const id = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setDeadline(null);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const start = useCallback((duration: number) => {
    setSeconds(duration);
    setDeadline(Date.now() + duration * 1000);
  }, []);

  return { seconds, start };
}
