import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  PublicationConsent,
  PublishConsent,
  RegistryEntry,
  RegistryFilter,
} from '@agroselo/contracts';
import { API_BASE, api, type Camel, type QueryParams } from '../../api';

export type RegistryItem = Camel<RegistryEntry>;
export type PublicationConsentItem = Camel<PublicationConsent>;

export const REGISTRY_PAGE_SIZE = 20;

const registryKeys = {
  all: ['registry'] as const,
  consents: ['registry', 'consents'] as const,
};

/** The filters as query parameters, blanks left out (the server refuses a blank safra). */
const filterParams = (filter: RegistryFilter): QueryParams =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => Boolean(value)));

/** GET /api/registry: public, so no token is sent (an expired one cannot end the visit). */
export const registryQueryOptions = (filter: RegistryFilter, page: number) =>
  queryOptions({
    queryKey: [...registryKeys.all, 'list', filter, page],
    queryFn: ({ signal }) =>
      api.list<RegistryItem>('/registry', {
        auth: false,
        signal,
        query: {
          ...filterParams(filter),
          limit: REGISTRY_PAGE_SIZE,
          offset: (page - 1) * REGISTRY_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/registry.csv: public, so a plain link downloads it, with the list's filters. */
export const registryCsvUrl = (filter: RegistryFilter): string => {
  const query = new URLSearchParams(filterParams(filter) as Record<string, string>).toString();
  return `${API_BASE}/registry.csv${query ? `?${query}` : ''}`;
};

/** GET /api/auth/publication-consents: the caller's requests and whether each is published. */
export const publicationConsentsQueryOptions = () =>
  queryOptions({
    queryKey: registryKeys.consents,
    queryFn: ({ signal }) =>
      api.get<PublicationConsentItem[]>('/auth/publication-consents', { signal }),
  });

/** PUT /api/process-instance/{id}/publish-consent. */
export const savePublishConsent = (instanceId: string, consent: boolean) =>
  api.put<Camel<PublishConsent>>(`/process-instance/${instanceId}/publish-consent`, { consent });

export { registryKeys };
