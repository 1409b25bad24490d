import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toCamelCaseKeys } from 'es-toolkit';
import { checkFieldContent, type FieldType } from '@agroselo/contracts';
import { isApiError, NETWORK_ERROR_STATUS } from '../../api';
import {
  formInstanceQueryOptions,
  useSaveForm,
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

export type SaveOutcome = 'saved' | 'nothing' | 'waiting' | 'failed';

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
  const [waiting, setWaiting] = useState(false);

  // Only changes to fields this form still has, still open to changes, and that differ from what
  // the server holds.
  const differs = (id: string, value: string | null) => {
    const field = fields.get(id);
    return field !== undefined && canChange(id) && field.content !== value;
  };
  const changed = Object.entries(edits).filter(([id, value]) => differs(id, value));
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
    return fields.get(id)?.content ?? null;
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

  /** Forgets the changes of fields that are gone (a deleted row). */
  const forget = (ids: readonly string[]) => {
    setEdits((current) => without(current, ids));
    setVersions((current) => without(current, ids));
    setErrors((current) => without(current, ids));
  };

  const save = async (): Promise<SaveOutcome> => {
    const items = changed.map(([id, content]) => ({ id, content, version: versions[id] }));
    if (items.length === 0) {
      setWaiting(false);
      return 'nothing';
    }
    const invalid: Record<string, string> = {};
    for (const item of items) {
      const type = fields.get(item.id)?.field.type as FieldType;
      const checked = checkFieldContent(type, item.content);
      if (!checked.ok) invalid[item.id] = checked.message;
    }
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      return 'failed';
    }
    if (!navigator.onLine) {
      setWaiting(true);
      return 'waiting';
    }
    // The form's proofs on their way land first: the save then tells what the server holds.
    await uploadsSettled(form.id);
    try {
      await saveMutation.mutateAsync(items);
    } catch (error) {
      if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) {
        setWaiting(true);
        return 'waiting';
      }
      setWaiting(false);
      if (isApiError(error) && error.status === 409) {
        // Saved meanwhile elsewhere, or finished there: show the server's form as it is now.
        setConflicts(conflictsIn(error.body));
        void queryClient.invalidateQueries({
          queryKey: formInstanceQueryOptions(form.processInstanceId, form.id).queryKey,
        });
      } else if (isApiError(error) && error.status === 422) {
        const byField: Record<string, string> = {};
        for (const issue of error.issues) {
          const index = issue.loc[2];
          const item = typeof index === 'number' ? items[index] : undefined;
          if (item) byField[item.id] = issue.msg;
        }
        setErrors(byField);
      }
      throw error;
    }
    // Changes made while the save was on its way stay unsaved.
    const sent = new Map(items.map((item) => [item.id, item.content]));
    const done = (current: Values) =>
      [...sent].filter(([id, value]) => id in current && current[id] === value).map(([id]) => id);
    setEdits((current) => without(current, done(current)));
    setVersions((current) => without(current, [...sent.keys()]));
    setWaiting(false);
    setConflicts([]);
    return 'saved';
  };

  const retry = useEffectEvent(() => {
    save().catch(() => undefined);
  });
  useEffect(() => {
    if (!waiting || !online) return;
    // Back online: save at once, then every 15 s while the server cannot be reached.
    const first = window.setTimeout(retry, 300);
    const again = window.setInterval(retry, 15_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(again);
    };
  }, [waiting, online]);

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
    dirty,
    changedCount: changed.length,
    errors,
    offer: offered,
    restore,
    discard,
    forget,
    save,
    saving: saveMutation.isPending,
    waiting,
    online,
    conflicts,
    resolve,
  };
}

export type FormEditor = ReturnType<typeof useFormEditor>;

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
