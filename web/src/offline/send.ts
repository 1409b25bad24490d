import { API_BASE, request } from '../api';
import { startUpload } from '../lib/uploads';
import { SessionEnded, asFailure, type OutboxItem, type Sender } from './outbox';

/** What a queued item that waits for its account to sign in again says. */
export const SIGN_IN_AGAIN = 'Entre de novo com a sua conta para enviar.';

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/**
 * Sends one outbox item with the API client: its request under its Idempotency-Key, then its files
 * one by one with tus (the repo's resumable uploads), each resuming where the last try stopped.
 * The vistoria's answer (its id) and each file's upload address are saved on the item as they
 * come, so a reload goes on from there instead of writing anything twice.
 */
export const sendItem: Sender = async (item, save) => {
  let current: OutboxItem = item;
  const record = async (next: OutboxItem) => {
    current = next;
    await save(next);
  };
  try {
    if (current.request && (current.files.length === 0 || !current.answerId)) {
      const { method, path, json, form } = current.request;
      const answer = await request<{ id?: unknown } | undefined>(
        path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path,
        { method, body: form ? formData(form) : json, idempotencyKey: current.key },
      );
      if (current.files.length > 0 && typeof answer?.id === 'string')
        await record({ ...current, answerId: answer.id });
    }
    for (let index = 0; index < current.files.length; index += 1) {
      const file = current.files[index]!;
      if (file.sent) continue;
      const target = (current.filesTarget ?? '').replace('{answerId}', current.answerId ?? '');
      const withFile = (changes: Partial<typeof file>) => ({
        ...current,
        files: current.files.map((each, at) => (at === index ? { ...each, ...changes } : each)),
      });
      const upload = startUpload<unknown>({
        file: new File([file.bytes], file.name, {
          type: file.type,
          lastModified: file.lastModified,
        }),
        target,
        scope: `outbox:${current.id}`,
        resumable: {
          idempotencyKey: file.key,
          uploadUrl: file.uploadUrl,
          onUploadUrl: (uploadUrl) => void record(withFile({ uploadUrl })),
        },
      });
      await upload.done;
      await record(withFile({ sent: true }));
    }
  } catch (error) {
    if (asFailure(error).status === 401) throw new SessionEnded(SIGN_IN_AGAIN);
    throw error;
  }
};
