import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  messages,
  RECOMMENDATION_LABELS,
  type FormInstance,
  type Inspection,
  type Pendency,
  type RecommendationOutcome,
} from '@agroselo/contracts';
import { api, API_BASE, type Camel } from '../../api';
import { formatDay } from '../../lib/dates';
import {
  INSTANCE_QUERY_KEY,
  instanceQueryOptions,
  type InstanceDetailItem,
} from '../../queries/instances';

export type PendencyItem = Camel<Pendency>;
export type InspectionItem = Camel<Inspection>;
export type ReviewFormItem = Camel<FormInstance>;

/** An instance has a handful of each; one page holds them all. */
export const REVIEW_LIST_LIMIT = 200;
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
  /** Where, in words ('Documentos — Licença'), for the outbox's list. */
  where: string;
}

/** The word on a write kept for later. */
export const QUEUED_MESSAGE =
  'Sem conexão: guardado neste aparelho. Será enviado sozinho quando a conexão voltar.';

/**
 * The outbox's writer, loaded with the first write: this module is in the app's first file (the
 * instance page's prefetch), the outbox and its store are not.
 */
const offlineWrites = () => import('../../offline/writes');

/** POST /api/process-instance/{id}/pendencies, or the outbox when offline. */
export function useOpenPendency(instanceId: string) {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: async ({ fieldInstanceId, where, ...input }: OpenPendencyInput) => {
      const { instanceTarget, sendNowOrQueue } = await offlineWrites();
      return sendNowOrQueue<PendencyItem>({
        title: 'Abrir pendência',
        written: [
          { label: 'Onde', value: where },
          { label: 'Descrição', value: input.description },
          { label: 'Prazo', value: formatDay(input.dueDate) },
        ],
        instanceId,
        target: instanceTarget(instanceId),
        kind: 'pendency-open',
        request: {
          method: 'POST',
          path: `${API_BASE}/process-instance/${instanceId}/pendencies`,
          json: { ...input, ...(fieldInstanceId ? { fieldInstanceId } : {}) },
        },
      });
    },
    onSuccess: refresh,
  });
}

export interface PendencyStep {
  step: 'answer' | 'resolve' | 'reopen';
  pendency: Pick<PendencyItem, 'id' | 'status' | 'formName' | 'fieldName' | 'description'>;
  instanceId: string;
  /** The answer, or the note (optional to resolve). */
  text: string;
}

const STEP_TITLES: Record<PendencyStep['step'], string> = {
  answer: 'Responder pendência',
  resolve: 'Resolver pendência',
  reopen: 'Reabrir pendência',
};

/**
 * PUT /api/pendency/{id}/answer | resolve | reopen, or the outbox when offline. Each carries the
 * status the pendência was seen in: a step made offline on a pendência someone else moved
 * meanwhile comes back as a conflict (409) instead of overriding them.
 */
export function usePendencyStep() {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: async ({ step, pendency, instanceId, text }: PendencyStep) => {
      const { instanceTarget, sendNowOrQueue } = await offlineWrites();
      return sendNowOrQueue<PendencyItem>({
        title: STEP_TITLES[step],
        written: [
          {
            label: 'Pendência',
            value: `${messages.review.where(pendency.formName, pendency.fieldName)}: ${pendency.description}`,
          },
          ...(text ? [{ label: step === 'answer' ? 'Resposta' : 'Nota', value: text }] : []),
        ],
        instanceId,
        target: instanceTarget(instanceId),
        kind: `pendency-${step}`,
        request: {
          method: 'PUT',
          path: `${API_BASE}/pendency/${pendency.id}/${step}`,
          json: {
            ...(step === 'answer' ? { answer: text } : { note: text }),
            expectedStatus: pendency.status,
          },
        },
      });
    },
    onSettled: refresh,
  });
}

export interface InspectionInput {
  visitedOn: string;
  latitude: number;
  longitude: number;
  summary: string;
}

/** A vistoria's fields as the multipart route takes them. */
export const inspectionForm = ({ visitedOn, latitude, longitude, summary }: InspectionInput) => ({
  visited_on: visitedOn,
  latitude: String(latitude),
  longitude: String(longitude),
  summary,
});

/**
 * POST /api/process-instance/{id}/inspections (multipart), without photos: they follow one by
 * one with `useInspectionPhotoUpload`, resumable over a weak link. The dialog gives each vistoria
 * its Idempotency-Key: trying again after a lost answer never records it twice.
 */
export function useRecordInspection(instanceId: string) {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: ({ key, ...input }: InspectionInput & { key: string }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(inspectionForm(input))) body.append(name, value);
      return api.post<InspectionItem>(`/process-instance/${instanceId}/inspections`, body, {
        idempotencyKey: key,
      });
    },
    onSuccess: refresh,
  });
}

/** PUT /api/process-instance/{id}/recommendation: the parecer técnico, replaced until the decision. */
export function useRecommend(instanceId: string) {
  const refresh = useReviewRefresh();
  return useMutation({
    mutationFn: async (body: { outcome: RecommendationOutcome; justification: string }) => {
      const { instanceTarget, sendNowOrQueue } = await offlineWrites();
      return sendNowOrQueue<unknown>({
        title: 'Parecer técnico',
        written: [
          { label: 'Recomendação', value: RECOMMENDATION_LABELS[body.outcome] },
          { label: 'Justificativa', value: body.justification },
        ],
        instanceId,
        target: instanceTarget(instanceId),
        kind: 'recommendation',
        request: {
          method: 'PUT',
          path: `${API_BASE}/process-instance/${instanceId}/recommendation`,
          json: body,
        },
      });
    },
    onSuccess: refresh,
  });
}
