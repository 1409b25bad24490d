import { API_BASE } from '../../api';
// Only the vistoria dialog (loaded when staff open it) uploads: the tus client comes with it.
import { startUpload } from '../../lib/uploads';
import { useReviewRefresh, type InspectionItem } from './review-api';

/** A vistoria's photo sent with tus to …/inspections/{inspectionId}/photos. */
export function useInspectionPhotoUpload(instanceId: string) {
  const refresh = useReviewRefresh();
  return (
    inspectionId: string,
    file: File,
    options: Pick<Parameters<typeof startUpload>[0], 'onProgress' | 'onWaiting'>,
  ) => {
    const upload = startUpload<InspectionItem>({
      file,
      target: `${API_BASE}/process-instance/${instanceId}/inspections/${inspectionId}/photos`,
      scope: inspectionId,
      ...options,
    });
    void upload.done.then(refresh, () => undefined);
    return upload;
  };
}
