import type {
  ChangePasswordBody,
  DeleteAccountConfirmBody,
  ResendCodeResponse,
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

/** GET /api/auth/my-data: everything the platform holds about the caller, as a JSON file. */
export const downloadMyData = () => api.download('/auth/my-data');

/** POST /api/auth/delete-account: e-mails the code that confirms the deletion. */
export const requestAccountDeletion = () =>
  api.post<Camel<ResendCodeResponse>>('/auth/delete-account');

/** POST /api/auth/delete-account/confirm: with the code, the account is anonymised and ends. */
export const confirmAccountDeletion = (body: DeleteAccountConfirmBody) =>
  api.post<void>('/auth/delete-account/confirm', body);
