import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api';

/**
 * Shows a 422's messages under the form's own inputs. `fieldFor` maps a wire name to the form
 * field (identity by default, as forms that post multipart use wire names). Returns whether any
 * message found its field, so the caller knows if a general alert is still needed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldFor: (wireName: string) => string = (name) => name,
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [wireName, message] of Object.entries(error.fieldErrors)) {
    const field = fields.find((name) => name === fieldFor(wireName));
    if (field) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
