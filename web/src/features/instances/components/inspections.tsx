import { lazy, Suspense, useState } from 'react';
import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCameraPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { InstanceDetailItem } from '../../../queries/instances';
import { formatDay } from '../../../lib/dates';
import { formatCoordinate } from '../../../lib/coordinates';
import { inspectionsQueryOptions, reviewTotals, type InspectionItem } from '../review-api';
import { PhotoImage } from './photo-image';
import { ReviewList, ReviewSection, useDialogOnDemand } from './review-section';

// The dialog brings the date picker and the photo handling: loaded when first opened.
const InspectionDialog = lazy(() =>
  import('./inspection-dialog').then((module) => ({ default: module.InspectionDialog })),
);

// The enlarged photo's dialog: loaded when a photo is first opened.
const PhotoViewer = lazy(() =>
  import('./photo-viewer').then((module) => ({ default: module.PhotoViewer })),
);

/** The height one vistoria takes while the list loads, so nothing below it moves. */
const ITEM_HEIGHT = 168;

function InspectionCard({
  inspection,
  onOpen,
}: {
  inspection: InspectionItem;
  onOpen: (photo: { url: string; alt: string }) => void;
}) {
  const day = formatDay(inspection.visitedOn);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Vistoria de <time dateTime={inspection.visitedOn}>{day}</time>
          </Text>
          {inspection.createdBy && (
            <Text size="xs" c="dimmed">
              por {inspection.createdBy.name}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Posição: {formatCoordinate(inspection.latitude)}, {formatCoordinate(inspection.longitude)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {inspection.summary}
        </Text>
        {inspection.photos.length > 0 && (
          <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {inspection.photos.map((photo) => {
              const alt = `Foto ${photo.index + 1} da vistoria de ${day}`;
              return (
                <li key={photo.index}>
                  <UnstyledButton
                    onClick={() => onOpen({ url: photo.url, alt })}
                    aria-label={`Ampliar: ${alt}`}
                    style={{ display: 'block', borderRadius: 4 }}
                  >
                    <PhotoImage url={photo.url} alt={alt} />
                  </UnstyledButton>
                </li>
              );
            })}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** DESIGN §4b: the technician's visits to the property, with their photos; staff record them. */
export function InspectionsSection({ instance }: { instance: InstanceDetailItem }) {
  const dialog = useDialogOnDemand();
  const [shown, setShown] = useState<{ url: string; alt: string } | null>(null);
  const [viewerUsed, setViewerUsed] = useState(false);
  const show = (photo: { url: string; alt: string }) => {
    setViewerUsed(true);
    setShown(photo);
  };
  const total = reviewTotals(instance).inspections;
  const list = useQuery({ ...inspectionsQueryOptions(instance.id), enabled: total > 0 });
  const canInspect =
    instance.actions.inspect && !instance.review.conflictOfInterest && !instance.finished;

  return (
    <ReviewSection
      title="Vistoria"
      action={
        canInspect && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconCameraPlus size={16} aria-hidden />}
            onClick={dialog.open}
          >
            Registrar vistoria
          </Button>
        )
      }
    >
      <ReviewList
        total={total}
        query={list}
        empty="Nenhuma vistoria registrada."
        noun="as vistorias"
        itemHeight={ITEM_HEIGHT}
      >
        {(items) =>
          items.map((inspection) => (
            <InspectionCard key={inspection.id} inspection={inspection} onOpen={show} />
          ))
        }
      </ReviewList>
      {viewerUsed && (
        <Suspense fallback={null}>
          <PhotoViewer shown={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
      {dialog.used && (
        <Suspense fallback={null}>
          <InspectionDialog instance={instance} opened={dialog.opened} onClose={dialog.close} />
        </Suspense>
      )}
    </ReviewSection>
  );
}
