import type {
  ChangePasswordBody,
  TokenResponse,
  UpdateSelfBody,
  UpdateSelfResponse,
} from '@agroselo/contracts';
import { api, type Camel } from '../../api';

export type UpdateSelfResult = Camel<UpdateSelfResponse>;

/** PUT /api/auth/update with exactly one field (wire name). */
export function updateSelf(body: UpdateSelfBody) {
  return api.put<UpdateSelfResult>('/auth/update', body);
}

/** PUT /api/auth/password: the answer's token replaces this session's, as every other one ends. */
export function changePassword(body: ChangePasswordBody) {
  return api.put<Camel<TokenResponse>>('/auth/password', body);
}
