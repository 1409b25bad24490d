import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  FormInstance,
  Inspection,
  Pendency,
  RecommendationOutcome,
} from '@agroselo/contracts';
import { api, type Camel } from '../../api';
import { INSTANCE_QUERY_KEY, instanceQueryOptions, type InstanceDetailItem } from './api';

export type PendencyItem = Camel<Pendency>;
export type InspectionItem = Camel<Inspection>;
export type ReviewFormItem = Camel<FormInstance>;

/** An instance has a handful of each; one page holds them all. */
const REVIEW_LIST_LIMIT = 200;
/**
 * The forms feature's queries: a pendência on a field reopens it there. Named here rather than
 * imported, as features do not import each other's queries.
 */
const FORM_INSTANCE_QUERY_KEY = ['form-instance'] as const;

export const pendenciesQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: [...INSTANCE_QUERY_KEY, 'pendencies', instanceId],
    queryFn: ({ signal }) =>
      api.list<PendencyItem>(`/process-instance/${instanceId}/pendencies`, {
        signal,
        query: { limit: REVIEW_LIST_LIMIT },
      }),
  });

export const inspectionsQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: [...INSTANCE_QUERY_KEY, 'inspections', instanceId],
    queryFn: ({ signal }) =>
      api.list<InspectionItem>(`/process-instance/${instanceId}/inspections`, {
        signal,
        query: { limit: REVIEW_LIST_LIMIT },
      }),
  });

/** How many pendências and vistorias an instance has: its page asks for their lists when any. */
export const reviewTotals = ({ review }: InstanceDetailItem) => ({
  pendencies: review.pendencies.open + review.pendencies.answered + review.pendencies.resolved,
  inspections: review.inspections,
});

/**
 * The instance page's first queries: its detail, then the pendências and vistorias it counts. A
 * page rendered on the server (decision 012) then has them, and hydrating it renders nothing new.
 */
export async function prefetchInstancePage(queryClient: QueryClient, instanceId: string) {
  const detail = instanceQueryOptions(instanceId);
  await queryClient.prefetchQuery(detail);
  const instance = queryClient.getQueryData(detail.queryKey);
  if (!instance) return;
  const totals = reviewTotals(instance);
  if (totals.pendencies > 0) void queryClient.prefetchQuery(pendenciesQueryOptions(instanceId));
  if (totals.inspections > 0) void queryClient.prefetchQuery(inspectionsQueryOptions(instanceId));
}

/** The fields of one form instance, for choosing the one a pendência is about. */
export const reviewFormQueryOptions = (instanceId: string, formId: string) =>
  queryOptions({
    queryKey: [...FORM_INSTANCE_QUERY_KEY, instanceId, formId],
    queryFn: ({ signal }) =>
      api.get<ReviewFormItem>(`/process-instance/${instanceId}/form/${formId}`, { signal }),
  });

/** A blob as a data: URL, which needs no revoking (an object URL would, from an effect). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let at = 0; at < bytes.length; at += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** A photo of a vistoria, fetched with the token (an <img> sends none), as a data: URL. */
export const inspectionPhotoQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['inspection-photo', url],
    queryFn: async ({ signal }) =>
      dataUrlOf(await api.get<Blob>(url.replace(/^\/api/, ''), { signal, responseType: 'blob' })),
    staleTime: Infinity,
    // Photos are large: a closed page does not keep them long.
    gcTime: 60_000,
  });

/** Every review step changes the instance (counts, timeline) and the bell's items. */
export function useReviewRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: INSTANCE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: FORM_INSTANCE_QUERY_KEY }),
    ]);
}

export interface OpenPendencyInput {
  formInstanceId: string;
  fieldInstanceId: string | null;
  description: string;
  dueDate: string;
}

/** POST /api/process-instance/{id}/pendencies. */
export function useOpenPendency(instanceId: string) {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: ({ fieldInstanceId, ...input }: OpenPendencyInput) =>
      api.post<PendencyItem>(`/process-instance/${instanceId}/pendencies`, {
        ...input,
        ...(fieldInstanceId ? { fieldInstanceId } : {}),
      }),
    onSuccess: refresh,
  });
}

export type PendencyStep =
  | { step: 'answer'; id: string; answer: string }
  | { step: 'resolve'; id: string; note: string }
  | { step: 'reopen'; id: string; note: string };

/** PUT /api/pendency/{id}/answer | resolve | reopen. */
export function usePendencyStep() {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: ({ step, id, ...body }: PendencyStep) =>
      api.put<PendencyItem>(`/pendency/${id}/${step}`, body),
    onSettled: refresh,
  });
}

export interface InspectionInput {
  visitedOn: string;
  latitude: number;
  longitude: number;
  summary: string;
}

/**
 * POST /api/process-instance/{id}/inspections (multipart), without photos: they follow one by
 * one with `useInspectionPhotoUpload`, resumable over a weak link.
 */
export function useRecordInspection(instanceId: string) {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: ({ visitedOn, latitude, longitude, summary }: InspectionInput) => {
      const body = new FormData();
      body.append('visited_on', visitedOn);
      body.append('latitude', String(latitude));
      body.append('longitude', String(longitude));
      body.append('summary', summary);
      return api.post<InspectionItem>(`/process-instance/${instanceId}/inspections`, body);
    },
    onSuccess: refresh,
  });
}

/** PUT /api/process-instance/{id}/recommendation: the parecer técnico, replaced until the decision. */
export function useRecommend(instanceId: string) {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: (body: { outcome: RecommendationOutcome; justification: string }) =>
      api.put<unknown>(`/process-instance/${instanceId}/recommendation`, body),
    onSuccess: refresh,
  });
}
