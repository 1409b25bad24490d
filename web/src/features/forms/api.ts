import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldConflict, FormInstance } from '@agroselo/contracts';
import { api, API_BASE, type Camel } from '../../api';
import { startUpload } from '../../lib/uploads';

export type FormInstanceItem = Camel<FormInstance>;
export type FieldInstanceItem = FormInstanceItem['fieldInstances'][number];
export type CellItem = FieldInstanceItem['childFieldInstances'][number];
export type ConflictItem = Camel<FieldConflict>;

/** Every query of a form instance starts with this. */
export const FORM_INSTANCE_QUERY_KEY = ['form-instance'] as const;
/**
 * The instances feature's queries (its page shows each form's state and the progress): a finish
 * refreshes them. Named here rather than imported, as features do not import each other.
 */
const INSTANCE_QUERY_KEY = ['process-instance'] as const;

const formPath = (instanceId: string, formId: string) =>
  `/process-instance/${instanceId}/form/${formId}`;

export const formInstanceQueryOptions = (instanceId: string, formId: string) =>
  queryOptions({
    queryKey: [...FORM_INSTANCE_QUERY_KEY, instanceId, formId],
    queryFn: ({ signal }) => api.get<FormInstanceItem>(formPath(instanceId, formId), { signal }),
    // The page keeps unsaved changes of its own; refetching on focus would only flicker it.
    refetchOnWindowFocus: false,
  });

/** After a write, its answer is the form's new state. */
function useFormAnswer(instanceId: string, formId: string) {
  const queryClient = useQueryClient();
  return (form: FormInstanceItem) =>
    queryClient.setQueryData(formInstanceQueryOptions(instanceId, formId).queryKey, form);
}

export interface SaveItem {
  id: string;
  content: string | null;
  version?: number;
}

/** The outbox's kind of a form's save (its conflicts are applied again on the server's versions). */
export const FORM_SAVE = 'form-save';

/** The path of a form instance's save, under /api. */
export const saveFormPath = (form: Pick<FormInstanceItem, 'processInstanceId' | 'id'>) =>
  `${formPath(form.processInstanceId, form.id)}/save`;

/** PUT …/save: every changed field at once (all or nothing), under the save's Idempotency-Key. */
export function useSaveForm(instanceId: string, formId: string) {
  const onSuccess = useFormAnswer(instanceId, formId);
  return useMutation({
    mutationFn: ({ fields, key }: { fields: SaveItem[]; key: string }) =>
      api.put<FormInstanceItem>(
        `${formPath(instanceId, formId)}/save`,
        { fields },
        { idempotencyKey: key },
      ),
    onSuccess,
  });
}

/** PUT …/finish, with the password when the form requires a signature. */
export function useFinishForm(instanceId: string, formId: string) {
  const queryClient = useQueryClient();
  const setForm = useFormAnswer(instanceId, formId);
  return useMutation({
    mutationFn: (password?: string) =>
      api.put<FormInstanceItem>(
        `${formPath(instanceId, formId)}/finish`,
        password === undefined ? undefined : { password },
      ),
    onSuccess: async (form) => {
      setForm(form);
      await queryClient.invalidateQueries({ queryKey: INSTANCE_QUERY_KEY });
    },
  });
}

/**
 * PUT …/confirm: last season's answers kept as they are, these fields or (none given) every
 * carried field of the form.
 */
export function useConfirmCarried(instanceId: string, formId: string) {
  const onSuccess = useFormAnswer(instanceId, formId);
  return useMutation({
    mutationFn: (fieldIds?: string[]) =>
      api.put<FormInstanceItem>(
        `${formPath(instanceId, formId)}/confirm`,
        fieldIds ? { field_ids: fieldIds } : {},
      ),
    onSuccess,
  });
}

/** POST …/field/{tableId}/add-row. */
export function useAddRow(instanceId: string, formId: string) {
  const onSuccess = useFormAnswer(instanceId, formId);
  return useMutation({
    mutationFn: (tableId: string) =>
      api.post<FormInstanceItem>(`${formPath(instanceId, formId)}/field/${tableId}/add-row`),
    onSuccess,
  });
}

/** DELETE …/field/{rowId}/delete: the row and its cells. */
export function useDeleteRow(instanceId: string, formId: string) {
  const onSuccess = useFormAnswer(instanceId, formId);
  return useMutation({
    mutationFn: (rowId: string) =>
      api.delete<FormInstanceItem>(`${formPath(instanceId, formId)}/field/${rowId}/delete`),
    onSuccess,
  });
}

/**
 * A proof sent with tus to …/field/{fieldId}/proof, resumable over a weak link; its answer, the
 * form, replaces the page's. The form's uploads share its id as their scope.
 */
/** Where a field's proof is sent (tus `target`). */
export const proofTarget = (instanceId: string, formId: string, fieldId: string) =>
  `${API_BASE}${formPath(instanceId, formId)}/field/${fieldId}/proof`;

export function useProofUpload(instanceId: string, formId: string) {
  const setForm = useFormAnswer(instanceId, formId);
  return (
    fieldId: string,
    file: File,
    options: Pick<Parameters<typeof startUpload>[0], 'onProgress' | 'onWaiting'>,
  ) => {
    const upload = startUpload<FormInstanceItem>({
      file,
      target: proofTarget(instanceId, formId, fieldId),
      scope: formId,
      ...options,
    });
    void upload.done.then(setForm, () => undefined);
    return upload;
  };
}

/** GET …/field/{fieldId}/proof: the file, fetched with the token (a plain link sends none). */
export const fetchProof = (instanceId: string, formId: string, fieldId: string) =>
  api.get<Blob>(`${formPath(instanceId, formId)}/field/${fieldId}/proof`, {
    responseType: 'blob',
  });
