import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toCamelCaseKeys } from 'es-toolkit';
import {
  evaluateForm,
  toSaoPauloDay,
  type EvaluateOptions,
  type LogicIssue,
} from '@agroselo/contracts';
import { API_BASE, isApiError, NETWORK_ERROR_STATUS } from '../../api';
import type { OutboxItem } from '../../offline/outbox';
import { useOutboxItems } from '../../offline/use-outbox';
import { instanceTarget, queueWrite, writesWaiting } from '../../offline/writes';
import {
  FORM_SAVE,
  formInstanceQueryOptions,
  saveFormPath,
  useSaveForm,
  type SaveItem,
  type CellItem,
  type ConflictItem,
  type FormInstanceItem,
} from './api';
import { uploadsSettled } from '../../lib/uploads';
import { draftStore, type Draft } from '../../offline/drafts';
import { useOnline } from '../../offline/use-online';

type Values = Record<string, string | null>;
type Versions = Record<string, number>;

/** Every field instance of the form by id: the fields and the cells of every Lista. */
export function fieldMap(form: FormInstanceItem): Map<string, CellItem> {
  const map = new Map<string, CellItem>();
  for (const field of form.fieldInstances) {
    map.set(field.id, field);
    for (const cell of field.childFieldInstances) map.set(cell.id, cell);
  }
  return map;
}

/**
 * The fields of a finished form that an open pendência reopened, with the cells of a reopened
 * Lista: the only ones its owner may still change.
 */
export function reopenedFields(form: FormInstanceItem): Set<string> {
  const ids = new Set<string>();
  for (const field of form.fieldInstances) {
    if (!field.editable) continue;
    ids.add(field.id);
    for (const cell of field.childFieldInstances) ids.add(cell.id);
  }
  return ids;
}

const without = <T>(record: Record<string, T>, ids: Iterable<string>): Record<string, T> => {
  const copy = { ...record };
  for (const id of ids) delete copy[id];
  return copy;
};

/** The first message of each field instance (a field, a cell, or a Lista for its rows and sum). */
const messagesOf = (issues: readonly Pick<LogicIssue, 'id' | 'message'>[]) => {
  const byId: Record<string, string> = {};
  for (const issue of issues) byId[issue.id] ??= issue.message;
  return byId;
};

export type SaveOutcome = 'saved' | 'nothing' | 'waiting' | 'failed';

/** The outbox's saves of this form (src/offline): made offline, waiting or set aside. */
const isSaveOf = (form: FormInstanceItem) => (item: OutboxItem) =>
  item.kind === FORM_SAVE && item.request?.path === `${API_BASE}${saveFormPath(form)}`;

interface QueuedField {
  content: string | null;
  version?: number;
}

/** The saves of this form the outbox holds, one over the other in the order written. */
function queuedFields(items: OutboxItem[]): Map<string, QueuedField> {
  const fields = new Map<string, QueuedField>();
  for (const item of items) {
    const json = item.request?.json as { fields?: SaveItem[] } | undefined;
    for (const field of json?.fields ?? [])
      fields.set(field.id, { content: field.content, version: field.version });
  }
  return fields;
}

/**
 * The page's unsaved changes over the server's form: kept as a draft in this browser at every
 * change, offered back after a reload, saved in one call (waiting for the connection when there
 * is none, and trying again when it returns), with the server's values beside the producer's
 * when another device saved the same fields meanwhile. On a finished form, only the fields an
 * open pendência reopened take changes.
 */
export function useFormEditor(form: FormInstanceItem, userId: string) {
  const saveMutation = useSaveForm(form.processInstanceId, form.id);
  const queryClient = useQueryClient();
  const online = useOnline();
  const fields = useMemo(() => fieldMap(form), [form]);
  const reopened = useMemo(() => reopenedFields(form), [form]);
  const writable = !form.commited || reopened.size > 0;
  const canChange = (id: string) => !form.commited || reopened.has(id);
  const [edits, setEdits] = useState<Values>({});
  const [versions, setVersions] = useState<Versions>({});
  const [offer, setOffer] = useState<Draft | null>(() =>
    writable ? draftStore.load(userId, form.id) : null,
  );
  const [conflicts, setConflicts] = useState<ConflictItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outbox = useOutboxItems();
  const queuedSaves = useMemo(() => outbox.filter(isSaveOf(form)), [outbox, form]);
  const queued = useMemo(() => queuedFields(queuedSaves), [queuedSaves]);
  const waiting = queuedSaves.length > 0;

  /** What a field holds before this page's changes: the server's, or a save still on its way. */
  const base = (id: string): string | null | undefined => {
    const held = queued.get(id);
    return held ? held.content : fields.get(id)?.content;
  };

  // The form's logic over the page's answers (issue 45): what does not apply now, each Lista's
  // total. Evaluated by the one evaluator the server runs on the same answers when they are saved.
  const answerOf = useCallback(
    (id: string, stored: string | null) => {
      if (id in edits) return edits[id] ?? null;
      const held = queued.get(id);
      return held ? held.content : stored;
    },
    [edits, queued],
  );
  const evaluation = useMemo(() => evaluateForm(form, { answerOf }), [form, answerOf]);
  const evaluate = (
    options: Pick<EvaluateOptions, 'mode' | 'only'>,
    given: Record<string, string | null> = {},
  ) =>
    evaluateForm(form, {
      ...options,
      answerOf: (id, stored) => (id in given ? (given[id] ?? null) : answerOf(id, stored)),
      today: toSaoPauloDay(new Date().toISOString()) ?? undefined,
    });

  // Only changes to fields this form still has, still open to changes, that apply (what does not
  // is not kept when the form is saved) and that differ from what the server holds (or will, once
  // the saves waiting in the outbox arrive).
  const differs = (id: string, value: string | null) =>
    fields.has(id) && canChange(id) && base(id) !== value;
  const edited = Object.entries(edits).filter(([id, value]) => differs(id, value));
  const changed = edited.filter(([id]) => !evaluation.hidden.has(id));
  const dirty = changed.length > 0;
  const offered =
    offer &&
    Object.entries(offer.values).some(([id, value]) => differs(id, value) && !(id in edits))
      ? offer
      : null;

  useEffect(() => {
    if (!writable) return;
    const stored = offer ?? { values: {}, versions: {} };
    if (Object.keys(edits).length === 0 && offer) return;
    draftStore.save(userId, form.id, {
      savedAt: new Date().toISOString(),
      values: { ...stored.values, ...edits },
      versions: { ...stored.versions, ...versions },
    });
  }, [edits, versions, offer, userId, form.id, writable]);

  const valueOf = (id: string): string | null => {
    if (id in edits) return edits[id] ?? null;
    return base(id) ?? null;
  };

  const change = (id: string, value: string | null) => {
    const field = fields.get(id);
    if (!field || !canChange(id)) return;
    setEdits((current) => ({ ...current, [id]: value }));
    setVersions((current) => (id in current ? current : { ...current, [id]: field.version }));
    setErrors((current) => without(current, [id]));
  };

  const restore = () => {
    if (!offer) return;
    const values = Object.entries(offer.values).filter(([id]) => canChange(id));
    setEdits((current) => ({ ...Object.fromEntries(values), ...current }));
    setVersions((current) => ({ ...offer.versions, ...current }));
    setOffer(null);
  };

  const discard = () => {
    setOffer(null);
    draftStore.save(userId, form.id, {
      savedAt: new Date().toISOString(),
      values: edits,
      versions,
    });
  };

  /**
   * Checks one answer by the form's rules as the producer leaves it (or picks it: `value`, not
   * yet in the page's state): its message, or its Lista's total's, replaces what was shown.
   */
  const check = (id: string, ...value: [string | null] | []) => {
    const given = value.length > 0 ? { [id]: value[0] ?? null } : {};
    const { issues } = evaluate({ mode: 'save', only: new Set([id]) }, given);
    const list = fields.get(id)?.parentFieldInstanceId;
    setErrors((current) => ({
      ...without(current, list ? [id, list] : [id]),
      ...messagesOf(issues),
    }));
  };

  /** What a finish asks of the form now (required answers, rules): shown, and whether it is none. */
  const checkFinish = (): boolean => {
    const { issues } = evaluate({ mode: 'finish' });
    setErrors(messagesOf(issues));
    return issues.length === 0;
  };

  /** Messages the server gave for field instances (a finish refused). */
  const showErrors = (byId: Record<string, string>) => setErrors(byId);

  /** Forgets the changes of fields that are gone (a deleted row). */
  const forget = (ids: readonly string[]) => {
    setEdits((current) => without(current, ids));
    setVersions((current) => without(current, ids));
    setErrors((current) => without(current, ids));
  };

  /** Forgets the page's changes that were sent or queued (changes made since stay unsaved). */
  const settle = (items: SaveItem[]) => {
    const sent = new Map(items.map((item) => [item.id, item.content]));
    const done = (current: Values) =>
      [...sent].filter(([id, value]) => id in current && current[id] === value).map(([id]) => id);
    setEdits((current) => without(current, done(current)));
    setVersions((current) => without(current, [...sent.keys()]));
  };

  /**
   * Keeps the save in the outbox under `key`. A field a save still waiting changes is based on the
   * version that save will make (the server adds one per save).
   */
  const queue = async (items: SaveItem[], key: string): Promise<SaveOutcome> => {
    const chained = items.map((item) => {
      const held = queued.get(item.id);
      return held?.version === undefined ? item : { ...item, version: held.version + 1 };
    });
    await queueWrite({
      title: `Salvar: ${form.form.name}`,
      written: chained.map((item) => ({
        label: fields.get(item.id)?.field.name ?? 'Campo',
        value: item.content ?? '(vazio)',
        fieldId: item.id,
      })),
      instanceId: form.processInstanceId,
      target: instanceTarget(form.processInstanceId),
      kind: FORM_SAVE,
      key,
      request: {
        method: 'PUT',
        path: `${API_BASE}${saveFormPath(form)}`,
        json: { fields: chained },
      },
    });
    settle(items);
    return 'waiting';
  };

  const save = async (): Promise<SaveOutcome> => {
    const items = changed.map(([id, content]) => ({ id, content, version: versions[id] }));
    // What does not apply is not saved: the server drops it too.
    const dropped = edited.filter(([id]) => evaluation.hidden.has(id)).map(([id]) => id);
    if (items.length === 0) {
      forget(dropped);
      return 'nothing';
    }
    const { issues } = evaluate({ mode: 'save', only: new Set(items.map((item) => item.id)) });
    if (issues.length > 0) {
      setErrors(messagesOf(issues));
      return 'failed';
    }
    const key = crypto.randomUUID();
    // Offline, or behind writes still waiting: the outbox sends it in its turn.
    if (!navigator.onLine || (await writesWaiting())) {
      forget(dropped);
      return queue(items, key);
    }
    // The form's proofs on their way land first: the save then tells what the server holds.
    await uploadsSettled(form.id);
    try {
      await saveMutation.mutateAsync({ fields: items, key });
    } catch (error) {
      // No answer: it may have arrived; the outbox sends it again under the same key.
      if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) {
        forget(dropped);
        return queue(items, key);
      }
      if (isApiError(error) && error.status === 409) {
        // Saved meanwhile elsewhere, or finished there: show the server's form as it is now.
        setConflicts(conflictsIn(error.body));
        void queryClient.invalidateQueries({
          queryKey: formInstanceQueryOptions(form.processInstanceId, form.id).queryKey,
        });
      } else if (isApiError(error) && error.status === 422) {
        const byField: Record<string, string> = {};
        for (const issue of error.issues) {
          const [where, key] = issue.loc;
          const index = issue.loc[2];
          const id =
            where === 'field_instances' && typeof key === 'string'
              ? key
              : typeof index === 'number'
                ? items[index]?.id
                : undefined;
          if (id) byField[id] ??= issue.msg;
        }
        setErrors(byField);
      }
      throw error;
    }
    settle(items);
    forget(dropped);
    setConflicts([]);
    return 'saved';
  };

  /** 'mine': keep the producer's value, now based on the server's; 'theirs': take the server's. */
  const resolve = (conflict: ConflictItem, choice: 'mine' | 'theirs') => {
    if (choice === 'mine')
      setVersions((current) => ({ ...current, [conflict.id]: conflict.version }));
    else forget([conflict.id]);
    setConflicts((current) => current.filter((item) => item.id !== conflict.id));
  };

  return {
    valueOf,
    change,
    check,
    checkFinish,
    showErrors,
    /** Field instances that do not apply to the answers now: not shown, not saved. */
    hidden: evaluation.hidden,
    /** Each Lista's total, by its field instance, when its rules sum a column. */
    totals: evaluation.totals,
    dirty,
    changedCount: changed.length,
    errors,
    offer: offered,
    restore,
    discard,
    forget,
    save,
    saving: saveMutation.isPending,
    /** Saves of this form wait in the outbox. */
    waiting,
    online,
    conflicts,
    resolve,
  };
}

export type FormEditor = ReturnType<typeof useFormEditor>;

/**
 * What a field's input does with the editor: the answer, and its rules checked as the producer
 * leaves the field, or as a day is picked (a picker has no typing to wait for).
 */
export function answering(editor: FormEditor, field: CellItem) {
  const picked = field.field.type === 'date' || field.field.type === 'datetime';
  return {
    value: editor.valueOf(field.id),
    onChange: (value: string | null) => {
      editor.change(field.id, value);
      if (picked) editor.check(field.id, value);
    },
    onBlur: () => editor.check(field.id),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `conflicts` of a 409 answer of the save, or none. */
function conflictsIn(body: unknown): ConflictItem[] {
  if (!isRecord(body) || !Array.isArray(body.conflicts)) return [];
  return (toCamelCaseKeys(body.conflicts) as unknown[]).filter(
    (item): item is ConflictItem =>
      isRecord(item) && typeof item.id === 'string' && typeof item.version === 'number',
  );
}
