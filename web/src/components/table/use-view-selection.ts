import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';

/**
 * The rows chosen in a table (by id), forgotten when `view` (its filters, search and page) changes:
 * what was chosen there no longer shows.
 */
export function useViewSelection(view: string) {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [shownView, setShownView] = useState(view);
  if (shownView !== view) {
    setShownView(view);
    setSelected({});
  }
  return [selected, setSelected] as const;
}
