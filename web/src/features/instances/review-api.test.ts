import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import {
  inspectionsQueryOptions,
  pendenciesQueryOptions,
  prefetchInstancePage,
} from './review-api';
import { wireDetail, wireInspection, wirePendency, wireReview } from './test-data';

afterEach(() => vi.unstubAllGlobals());

const list = (items: unknown[]) =>
  json(items, { headers: { 'X-Total-Count': String(items.length) } });

describe('prefetchInstancePage', () => {
  it('asks for the pendências and vistorias the instance counts, after its detail', async () => {
    const detail = wireDetail({
      review: wireReview({ pendencies: { open: 1, answered: 0, resolved: 0 }, inspections: 1 }),
    });
    const base = `/api/process-instance/${detail.id}`;
    const fetchMock = mockFetch({
      [`GET ${base}`]: json(detail),
      [`GET ${base}/pendencies`]: list([wirePendency()]),
      [`GET ${base}/inspections`]: list([wireInspection()]),
    });
    const queryClient = new QueryClient();
    await prefetchInstancePage(queryClient, detail.id);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(pendenciesQueryOptions(detail.id).queryKey)).toBeDefined();
      expect(queryClient.getQueryData(inspectionsQueryOptions(detail.id).queryKey)).toBeDefined();
    });
  });

  it('asks for the detail only when the instance has neither', async () => {
    const detail = wireDetail();
    const fetchMock = mockFetch({ [`GET /api/process-instance/${detail.id}`]: json(detail) });
    await prefetchInstancePage(new QueryClient(), detail.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
