import { messages, normalizeCrea, onlyDigits } from '@agroselo/contracts';
import { forbidden } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';

/**
 * DESIGN §4b: a technician whose CREA is the property's responsible technician's never evaluates,
 * reviews, inspects, recommends or concludes that property's instances. Admins decide as the
 * committee, so only the technician role is bound.
 */
export function hasConflictOfInterest(
  caller: Pick<Caller, 'role' | 'crea'>,
  propertyCrea: string | null,
): boolean {
  if (
    caller.role !== 'technician' ||
    !onlyDigits(caller.crea ?? '') ||
    !onlyDigits(propertyCrea ?? '')
  )
    return false;
  return normalizeCrea(caller.crea ?? '') === normalizeCrea(propertyCrea ?? '');
}

/** The 403 of a conflict of interest, for every review action. */
export function refuseConflictOfInterest(
  caller: Pick<Caller, 'role' | 'crea'>,
  propertyCrea: string | null,
): void {
  if (hasConflictOfInterest(caller, propertyCrea))
    throw forbidden(messages.review.conflictOfInterest);
}
