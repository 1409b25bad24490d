import {
  FieldInstanceParamsSchema,
  InspectionParamsSchema,
  type ProofUploadBody,
} from '@agroselo/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { UploadedFile } from '../../lib/files';
import type { Caller } from '../../plugins/auth';
import { checkProofUpload, uploadProof } from '../forms/service';
import { addInspectionPhotos, checkInspectionPhotoUpload } from '../review/inspections';

/** A multipart upload route a resumable upload may end in, its path parameters read. */
export interface UploadTarget {
  /** What the route checks before it reads a file: the caller's access and the file's size. */
  check(deps: AppDeps, caller: Caller, size: number): Promise<void>;
  /** Attaches the whole file as the route would; resolves with the route's answer. */
  attach(deps: AppDeps, caller: Caller, file: UploadedFile): Promise<unknown>;
}

/**
 * One route of the registry: its path with named groups for the parameters, the route's own
 * schema for them, and the route's own service calls.
 */
function targetRoute<P>(route: {
  path: RegExp;
  params: z.ZodType<P>;
  check(deps: AppDeps, caller: Caller, params: P, size: number): Promise<void>;
  attach(deps: AppDeps, caller: Caller, params: P, file: UploadedFile): Promise<unknown>;
}) {
  return (target: string): UploadTarget | null => {
    const groups = route.path.exec(target)?.groups;
    const parsed = groups ? route.params.safeParse(groups) : null;
    if (!parsed?.success) return null;
    const params = parsed.data;
    return {
      check: (deps, caller, size) => route.check(deps, caller, params, size),
      attach: (deps, caller, file) => route.attach(deps, caller, params, file),
    };
  };
}

/** Every route a resumable upload may name as its `target`: a proof, a vistoria's photo. */
const TARGETS = [
  targetRoute({
    path: /^\/api\/process-instance\/(?<id>[^/]+)\/form\/(?<formId>[^/]+)\/field\/(?<fieldId>[^/]+)\/proof$/,
    params: FieldInstanceParamsSchema,
    check: (deps, caller, { id, formId, fieldId }, size) =>
      checkProofUpload(deps, caller, id, formId, fieldId, size),
    attach: (deps, caller, { id, formId, fieldId }, file) =>
      uploadProof(deps, caller, id, formId, fieldId, { file } as ProofUploadBody),
  }),
  targetRoute({
    path: /^\/api\/process-instance\/(?<id>[^/]+)\/inspections\/(?<inspectionId>[^/]+)\/photos$/,
    params: InspectionParamsSchema,
    check: (deps, caller, { id, inspectionId }, size) =>
      checkInspectionPhotoUpload(deps, caller, id, inspectionId, size),
    attach: (deps, caller, { id, inspectionId }, file) =>
      addInspectionPhotos(deps, caller, id, inspectionId, [file]),
  }),
];

/** The route `target` names, or null when it names none (or with malformed parameters). */
export function resolveTarget(target: string): UploadTarget | null {
  for (const match of TARGETS) {
    const found = match(target);
    if (found) return found;
  }
  return null;
}
