import {
  messages,
  RECOMMENDATION_LABELS,
  type InstanceDetail,
  type RecommendationInput,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { recordAnswer } from '../../db/commit-hook';
import { processInstances as i } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { getInstanceDetail, instanceNow } from '../instances/detail';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';
import { refuseConflictOfInterest } from './conflict';
import { refuseUnlessUnderReview, reviewTarget } from './access';

const m = messages.review;

/**
 * PUT /api/process-instance/{id}/recommendation: the parecer técnico of a committee process, by
 * its assigned technician only; replaced by a new one until the committee decides.
 */
export async function recommend(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  body: RecommendationInput,
): Promise<InstanceDetail> {
  return deps.db.transaction(async (tx) => {
    const target = await reviewTarget(tx, instanceId, { lock: true });
    if (!target) throw notFound(messages.instances.notFound);
    if (caller.role !== 'technician' || target.technicianId !== caller.id)
      throw forbidden(m.recommendationTechnicianOnly);
    refuseConflictOfInterest(caller, target.propertyCrea);
    if (!target.committee) throw conflict(m.noCommittee);
    refuseUnlessUnderReview(
      target,
      m.recommendationNotAllowed,
      instanceNow(deps.db, caller, instanceId),
    );
    if (body.outcome !== 'reprovar' && !target.levels.includes(body.outcome))
      throw invalidField('outcome', m.levelNotOffered);
    const now = new Date();
    await tx
      .update(i)
      .set({
        recommendationOutcome: body.outcome,
        recommendationJustification: body.justification,
        recommendedBy: caller.id,
        recommendedAt: now,
        updatedAt: now,
      })
      .where(eq(i.id, instanceId));
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: 'recommendation',
      message: m.eventRecommendation(
        fullName(caller),
        RECOMMENDATION_LABELS[body.outcome],
        body.justification,
      ),
      data: { outcome: body.outcome },
    });
    return recordAnswer(await getInstanceDetail(tx, caller, instanceId));
  });
}
