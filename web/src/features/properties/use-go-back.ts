import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back one page, as the spec asks after saving or cancelling a property; when the page was
 * opened directly (no page of the app before it), to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [fallback, key, navigate]);
}
