import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCameraPlus, IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { InstanceDetailItem } from '../api';
import { formatCoordinate, formatDay } from '../format';
import {
  inspectionPhotoQueryOptions,
  inspectionsQueryOptions,
  type InspectionItem,
} from '../review-api';
import { ReviewList, ReviewSection, useDialogOnDemand } from './review-section';

// The dialog brings the date picker and the photo handling: loaded when first opened.
const InspectionDialog = lazy(() =>
  import('./inspection-dialog').then((module) => ({ default: module.InspectionDialog })),
);

/** The height one vistoria takes while the list loads, so nothing below it moves. */
const ITEM_HEIGHT = 168;
const THUMB_SIZE = 72;

function PhotoImage({ url, alt, large }: { url: string; alt: string; large?: boolean }) {
  const photo = useQuery(inspectionPhotoQueryOptions(url));
  const src = photo.data;
  const size = large ? undefined : THUMB_SIZE;
  if (photo.isError) {
    return (
      <Stack w={size} h={size ?? 240} align="center" justify="center" bg="gray.1">
        <IconPhotoOff aria-label="Foto indisponível" />
      </Stack>
    );
  }
  if (!src) {
    return large ? (
      <Stack h={240} align="center" justify="center">
        <Loader aria-label="Carregando a foto" />
      </Stack>
    ) : (
      <Skeleton w={THUMB_SIZE} h={THUMB_SIZE} radius="sm" />
    );
  }
  return large ? (
    <Image src={src} alt={alt} fit="contain" mah="75vh" />
  ) : (
    <Image src={src} alt={alt} w={THUMB_SIZE} h={THUMB_SIZE} fit="cover" radius="sm" />
  );
}

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
  const total = instance.review.inspections;
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
            <InspectionCard key={inspection.id} inspection={inspection} onOpen={setShown} />
          ))
        }
      </ReviewList>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.alt ?? 'Foto'}
        size="xl"
        centered
      >
        {shown && <PhotoImage url={shown.url} alt={shown.alt} large />}
      </Modal>
      {dialog.used && (
        <Suspense fallback={null}>
          <InspectionDialog instance={instance} opened={dialog.opened} onClose={dialog.close} />
        </Suspense>
      )}
    </ReviewSection>
  );
}
