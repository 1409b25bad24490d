import type { UpdateSelfBody, UpdateSelfResponse } from '@agroselo/contracts';
import { api, type Camel } from '../../api';

export type UpdateSelfResult = Camel<UpdateSelfResponse>;

/** PUT /api/auth/update with exactly one field (wire name). */
export function updateSelf(body: UpdateSelfBody) {
  return api.put<UpdateSelfResult>('/auth/update', body);
}
