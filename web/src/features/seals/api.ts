import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Field,
  FieldLogic,
  FieldRegisterBody,
  Form,
  FormField,
  FormBody,
  NextSeasonBody,
  Process,
  ReleaseBody,
  ReviewSettingsBody,
} from '@agroselo/contracts';
import { api, type Camel } from '../../api';

export type ProcessItem = Camel<Process>;
export type FormItem = Camel<Form>;
export type FieldItem = Camel<Field>;
/** A field of a form, with its rules there. */
export type FormFieldItem = Camel<FormField>;
export type FieldLogicItem = Camel<FieldLogic>;

/** Every query of the builder starts with this; a mutation invalidates what it changed below it. */
const ROOT = ['process'] as const;
export const sealKeys = {
  all: ROOT,
  list: () => [...ROOT, 'list'] as const,
  detail: (processId: string) => [...ROOT, 'detail', processId] as const,
  forms: (processId: string) => [...ROOT, 'detail', processId, 'forms'] as const,
  form: (processId: string, formId: string) =>
    [...ROOT, 'detail', processId, 'forms', formId] as const,
  formFields: (processId: string, formId: string) =>
    [...ROOT, 'detail', processId, 'forms', formId, 'fields'] as const,
  processFields: (processId: string) => [...ROOT, 'detail', processId, 'fields'] as const,
  library: () => ['field', 'library'] as const,
};

/** Lists the builder shows whole: a process has few forms and a form few fields. */
const WHOLE = { limit: 500 };

/** The admin's processes, of every season or of `safra` only. */
export const processListQueryOptions = (safra: string | null = null) =>
  queryOptions({
    queryKey: [...sealKeys.list(), { safra }],
    queryFn: ({ signal }) =>
      api.get<ProcessItem[]>('/process/all', {
        signal,
        query: { ...WHOLE, safra: safra ?? undefined },
      }),
    // Another season keeps the cards on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const processQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: sealKeys.detail(processId),
    queryFn: ({ signal }) => api.get<ProcessItem>(`/process/${processId}`, { signal }),
  });

export const formsQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: sealKeys.forms(processId),
    queryFn: ({ signal }) =>
      api.get<FormItem[]>(`/process/${processId}/forms`, { signal, query: WHOLE }),
  });

export const formQueryOptions = (processId: string, formId: string) =>
  queryOptions({
    queryKey: sealKeys.form(processId, formId),
    queryFn: ({ signal }) => api.get<FormItem>(`/process/${processId}/form/${formId}`, { signal }),
  });

export const formFieldsQueryOptions = (processId: string, formId: string) =>
  queryOptions({
    queryKey: sealKeys.formFields(processId, formId),
    queryFn: ({ signal }) =>
      api.get<FormFieldItem[]>(`/process/${processId}/form/${formId}/fields`, {
        signal,
        query: WHOLE,
      }),
  });

export const processFieldsQueryOptions = (processId: string) =>
  queryOptions({
    queryKey: sealKeys.processFields(processId),
    queryFn: ({ signal }) =>
      api.get<FieldItem[]>(`/process/${processId}/fields`, { signal, query: WHOLE }),
  });

/** The field library; `search` is what the user last searched for (blank: every field). */
export const fieldLibraryQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...sealKeys.library(), { search }],
    queryFn: ({ signal }) =>
      api.get<FieldItem[]>('/field/', {
        signal,
        query: { search: search || undefined, limit: 100 },
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/process/register: multipart with the wire names (spec §7). */
export function registerProcess(form: FormData) {
  return api.post<ProcessItem>('/process/register', form);
}

/** POST /api/process/{id}/next-season: the next safra's draft copy of the process. */
export function createNextSeason(processId: string, body: NextSeasonBody) {
  return api.post<ProcessItem>(`/process/${processId}/next-season`, body);
}

export function releaseProcess(processId: string, body: ReleaseBody) {
  return api.put<ProcessItem>(`/process/${processId}/release`, body);
}

/** PUT …/review-settings: the levels offered and whether a committee decides. */
export function saveReviewSettings(processId: string, body: ReviewSettingsBody) {
  return api.put<ProcessItem>(`/process/${processId}/review-settings`, body);
}

export function registerForm(processId: string, body: FormBody) {
  return api.post<FormItem>(`/process/${processId}/form/register`, body);
}

export function editForm(processId: string, formId: string, body: FormBody) {
  return api.put<FormItem>(`/process/${processId}/form/${formId}/edit`, body);
}

export function deleteForm(processId: string, formId: string) {
  return api.delete(`/process/${processId}/form/${formId}`);
}

export function addFormField(processId: string, formId: string, fieldId: string) {
  return api.put<FieldItem>(`/process/${processId}/form/${formId}/field/${fieldId}/add`);
}

/** PUT …/field/{fieldId}/logic: the field's rules in this form (camelCase, sent as the wire's). */
export function saveFieldLogic(
  processId: string,
  formId: string,
  fieldId: string,
  logic: FieldLogicItem,
) {
  return api.put<FormFieldItem>(
    `/process/${processId}/form/${formId}/field/${fieldId}/logic`,
    logic,
  );
}

export function removeFormField(processId: string, formId: string, fieldId: string) {
  return api.delete(`/process/${processId}/form/${formId}/field/${fieldId}/remove`);
}

export function saveProcessFields(processId: string, fieldIds: string[]) {
  return api.post<FieldItem[]>(`/process/${processId}/fields/save`, fieldIds);
}

export function registerField(body: FieldRegisterBody) {
  return api.post<FieldItem>('/field/register', body);
}
