import { useMediaQuery } from '@mantine/hooks';

/** From here up (Mantine's md, 992 px) the staff lists are dense tables; below, their cards. */
const WIDE_QUERY = '(min-width: 62em)';

export const useWide = (): boolean =>
  useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
