import { API_BASE } from '../api';

/** Every query of certificates starts with this: a change of standing invalidates them all. */
export const CERTIFICATE_QUERY_KEY = ['certificate'] as const;

/** The PDF is public too: a plain link downloads it. */
export const certificatePdfUrl = (number: string) =>
  `${API_BASE}/certificate/${encodeURIComponent(number)}/pdf`;
