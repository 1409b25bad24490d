import { useQueryClient } from '@tanstack/react-query';
import { API_BASE, type ListResult } from '../../api';
// Only the vistoria dialog (loaded when staff open it) uploads: the tus client comes with it.
import { startUpload } from '../../lib/uploads';
import { inspectionsQueryOptions, useReviewRefresh, type InspectionItem } from './review-api';

/** A vistoria's photo sent with tus to …/inspections/{inspectionId}/photos. */
export function useInspectionPhotoUpload(instanceId: string) {
  const queryClient = useQueryClient();
  const refresh = useReviewRefresh();
  // The upload's answer is the vistoria with its photos, newer than any read of the list that
  // began before its last part arrived: written into the list before and after the refresh, so a
  // list that answered late (seen in the review journey) cannot hide the photo.
  const showPhotos = (inspection: InspectionItem) =>
    queryClient.setQueryData<ListResult<InspectionItem>>(
      inspectionsQueryOptions(instanceId).queryKey,
      (list) =>
        list && {
          ...list,
          items: list.items.map((item) => (item.id === inspection.id ? inspection : item)),
        },
    );
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
    void upload.done.then(
      async (inspection) => {
        showPhotos(inspection);
        await refresh();
        showPhotos(inspection);
      },
      () => undefined,
    );
    return upload;
  };
}
