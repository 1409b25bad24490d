/**
 * Unsaved changes of a form instance, kept in this browser's storage at every keystroke: a reload,
 * a closed tab or a lost connection finds them again. One draft per account and form instance.
 */
export interface Draft {
  /** When the last change was made (ISO). */
  savedAt: string;
  /** Field instance id → the content typed (null: cleared). */
  values: Record<string, string | null>;
  /** Field instance id → the version of the server's content the change was made on. */
  versions: Record<string, number>;
}

const PREFIX = 'agroselo.form-draft';
const keyOf = (userId: string, formId: string) => `${PREFIX}.${userId}.${formId}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string | null): Draft | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as unknown;
    if (!isRecord(data) || typeof data.savedAt !== 'string') return null;
    const { values, versions } = data;
    if (!isRecord(values) || !isRecord(versions)) return null;
    const cleanValues: Draft['values'] = {};
    for (const [id, value] of Object.entries(values)) {
      if (typeof value === 'string' || value === null) cleanValues[id] = value;
    }
    const cleanVersions: Draft['versions'] = {};
    for (const [id, version] of Object.entries(versions)) {
      if (typeof version === 'number' && Number.isInteger(version)) cleanVersions[id] = version;
    }
    return { savedAt: data.savedAt, values: cleanValues, versions: cleanVersions };
  } catch {
    return null;
  }
}

export const draftStore = {
  load(userId: string, formId: string): Draft | null {
    try {
      return parse(window.localStorage.getItem(keyOf(userId, formId)));
    } catch {
      return null;
    }
  },
  /** Keeps `draft`, or removes the stored one when it holds no change. */
  save(userId: string, formId: string, draft: Draft): void {
    try {
      if (Object.keys(draft.values).length === 0) {
        window.localStorage.removeItem(keyOf(userId, formId));
      } else {
        window.localStorage.setItem(keyOf(userId, formId), JSON.stringify(draft));
      }
    } catch {
      // Storage full or refused (private mode): the changes stay on the page meanwhile.
    }
  },
  clear(userId: string, formId: string): void {
    try {
      window.localStorage.removeItem(keyOf(userId, formId));
    } catch {
      // As above.
    }
  },
  /** Every draft of the account (logout on a shared phone). */
  forgetAccount(userId: string): void {
    try {
      const mine = `${PREFIX}.${userId}.`;
      const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(mine));
      keys.forEach((key) => window.localStorage.removeItem(key));
    } catch {
      // As above.
    }
  },
};
