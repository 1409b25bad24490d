import { api, type ListResult } from '../../api';
import { keepOffline } from '../../offline/kept';
import type { InstanceDetailItem } from '../../queries/instances';
import { REVIEW_LIST_LIMIT, type InspectionItem, type ReviewFormItem } from './review-api';

/** A proof larger than this is not kept offline (its link then needs the connection). */
const KEPT_PROOF_MAX_BYTES = 2 * 1024 * 1024;

/** The group an instance is kept under on the device. */
export const instanceGroup = (instanceId: string) => `instance:${instanceId}`;

/**
 * Keeps an instance on the device: its detail, its property, each form with its answers and its
 * proofs (up to 2 MB each), its pendências, and its vistorias with their photos; each read as its
 * page reads it (same address), so the page opens offline from them.
 */
export async function keepInstanceOffline(instanceId: string): Promise<void> {
  await keepOffline(
    { group: instanceGroup(instanceId), href: `/producer-details/${instanceId}` },
    async (keep) => {
      const instance = await api.get<InstanceDetailItem>(`/process-instance/${instanceId}`, {
        keep,
      });
      await api.get('/auth/info', { keep });
      await api.get(`/property/${instance.business.id}`, { keep });
      const forms = await Promise.all(
        instance.formInstances.map((form) =>
          api.get<ReviewFormItem>(`/process-instance/${instanceId}/form/${form.id}`, { keep }),
        ),
      );
      const proofs = forms.flatMap((form) =>
        form.fieldInstances
          .flatMap((field) => [field, ...field.childFieldInstances])
          .filter((field) => field.proof && field.proof.size <= KEPT_PROOF_MAX_BYTES)
          .map(
            (field) => `/process-instance/${instanceId}/form/${form.id}/field/${field.id}/proof`,
          ),
      );
      for (const path of proofs) await api.get(path, { keep, responseType: 'blob' });
      await api.list(`/process-instance/${instanceId}/pendencies`, {
        keep,
        query: { limit: REVIEW_LIST_LIMIT },
      });
      const inspections: ListResult<InspectionItem> = await api.list<InspectionItem>(
        `/process-instance/${instanceId}/inspections`,
        { keep, query: { limit: REVIEW_LIST_LIMIT } },
      );
      for (const photo of inspections.items.flatMap((inspection) => inspection.photos))
        await api.get(photo.url.replace(/^\/api/, ''), { keep, responseType: 'blob' });
      return `${instance.process.stamp.name} — ${instance.business.businessName}`;
    },
  );
}
