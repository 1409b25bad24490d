import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PublicCertificate, SealHolder } from '@agroselo/contracts';
import { api, type Camel } from '../../api';
import { CERTIFICATE_QUERY_KEY } from '../../queries/certificates';

export type CertificateItem = Camel<PublicCertificate>;
export type SealHolderItem = Camel<SealHolder>;

/** GET /api/certificate/{number}: public; 404 when nobody was given that number. */
export const certificateQueryOptions = (number: string) =>
  queryOptions({
    queryKey: [...CERTIFICATE_QUERY_KEY, 'public', number],
    queryFn: ({ signal }) =>
      api.get<CertificateItem>(`/certificate/${encodeURIComponent(number)}`, { signal }),
    // A buyer checks it once; the answer only changes when the validity ends.
    staleTime: 5 * 60_000,
  });

export const HOLDERS_PAGE_SIZE = 20;

/** GET /api/process/{processId}/holders: a page of the properties that hold the seal. */
export const holdersQueryOptions = (processId: string, page: number) =>
  queryOptions({
    queryKey: [...CERTIFICATE_QUERY_KEY, 'holders', processId, page],
    queryFn: ({ signal }) =>
      api.list<SealHolderItem>(`/process/${processId}/holders`, {
        signal,
        query: { limit: HOLDERS_PAGE_SIZE, offset: (page - 1) * HOLDERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
