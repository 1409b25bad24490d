import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCircleCheck,
  IconCurrentLocation,
  IconPhotoPlus,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import {
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTOS_MAX,
  INSPECTION_SUMMARY_MAX,
  insideRioGrandeDoSul,
  messages,
} from '@agroselo/contracts';
import { API_BASE, errorMessage, isApiError, NETWORK_ERROR_STATUS } from '../../../api';
import { formatDay } from '../../../lib/dates';
import { instanceTarget, queueWrite, storedFile, writesWaiting } from '../../../offline/writes';
import { PtBrDateInput } from '../../../components/date-input';
import { sizeChange, UploadProgress } from '../../../components/upload-progress';
import { todayDay } from '../../../lib/dates';
import type { ResumableUpload } from '../../../lib/uploads';
import { prepareProof } from '../../../lib/photo';
import type { InstanceDetailItem } from '../../../queries/instances';
import { parseCoordinate } from '../../../lib/coordinates';
import { useInspectionPhotoUpload } from '../inspection-upload';
import {
  inspectionForm,
  QUEUED_MESSAGE,
  useRecordInspection,
  type InspectionInput,
  type InspectionItem,
} from '../review-api';
import { DialogFooter, ReviewDialog } from './review-dialog';

const m = messages.review;
const u = messages.uploads;

/** What the browser's location gives, or why not. */
export const LOCATION_DENIED =
  'A permissão de localização foi negada. Digite a latitude e a longitude.';
export const LOCATION_UNAVAILABLE =
  'Não foi possível obter a sua localização. Digite a latitude e a longitude.';

/** A photo of the dialog: as picked and as it goes (made smaller), and how its upload went. */
interface Chosen {
  file: File;
  picked: number;
  url: string;
  state: 'chosen' | 'sending' | 'sent' | 'failed';
  progress: number;
  waiting: boolean;
  problem?: string;
}

interface Errors {
  visitedOn?: string;
  latitude?: string;
  longitude?: string;
  summary?: string;
  photos?: string;
}

/** A coordinate with the decimal comma the user would type. */
const typed = (value: number) => value.toFixed(6).replace('.', ',');

/**
 * 'Registrar vistoria': the day, where (the browser's location in one tap, or typed), what was
 * seen and up to 10 photos, large ones made smaller before they go. The vistoria is recorded
 * first; its photos follow one by one, resumable, each with its bar and 'Cancelar'. A photo that
 * failed is sent again ('Tentar de novo') without recording the vistoria twice.
 */
export function InspectionDialog({
  instance,
  opened,
  onClose,
}: {
  instance: InstanceDetailItem;
  opened: boolean;
  onClose: () => void;
}) {
  const today = todayDay();
  const [visitedOn, setVisitedOn] = useState<string | null>(today);
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [summary, setSummary] = useState('');
  const [photos, setPhotos] = useState<Chosen[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [locating, setLocating] = useState(false);
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const record = useRecordInspection(instance.id);
  const uploadPhoto = useInspectionPhotoUpload(instance.id);
  // The vistoria once recorded: its photos go to it, and retries never record it again.
  const [recorded, setRecorded] = useState<InspectionItem | null>(null);
  const [uploading, setUploading] = useState(false);
  const current = useRef<ResumableUpload<InspectionItem> | null>(null);
  const resetPicker = useRef<() => void>(null);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  // The thumbnails' object URLs go with the dialog.
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  // One vistoria, one key: trying again after a lost answer never records it twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [queueing, setQueueing] = useState(false);
  const [queueProblem, setQueueProblem] = useState<string | null>(null);
  const locked = recorded !== null;
  const clear = (next: Partial<Errors>) => setErrors((current) => ({ ...current, ...next }));

  const close = () => {
    if (record.isPending || uploading || queueing) return;
    setKey(crypto.randomUUID());
    setQueueProblem(null);
    photos.forEach((photo) => URL.revokeObjectURL(photo.url));
    setVisitedOn(today);
    setLatitude('');
    setLongitude('');
    setSummary('');
    setPhotos([]);
    setErrors({});
    setLocationProblem(null);
    setRecorded(null);
    record.reset();
    onClose();
  };

  const locate = () => {
    setLocationProblem(null);
    if (!('geolocation' in navigator)) {
      setLocationProblem(LOCATION_UNAVAILABLE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLatitude(typed(position.coords.latitude));
        setLongitude(typed(position.coords.longitude));
        clear({ latitude: undefined, longitude: undefined });
      },
      (error) => {
        setLocating(false);
        setLocationProblem(
          error.code === error.PERMISSION_DENIED ? LOCATION_DENIED : LOCATION_UNAVAILABLE,
        );
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  const add = async (picked: File[]) => {
    resetPicker.current?.();
    if (picked.length === 0) return;
    clear({ photos: undefined });
    if (photos.length + picked.length > INSPECTION_PHOTOS_MAX) {
      clear({ photos: m.tooManyPhotos(INSPECTION_PHOTOS_MAX) });
      return;
    }
    setPreparing(true);
    try {
      const prepared = await Promise.all(picked.map((file) => prepareProof(file)));
      const tooLarge = prepared.some((file) => file.size > INSPECTION_PHOTO_MAX_BYTES);
      if (tooLarge) {
        clear({ photos: m.photoTooLarge });
        return;
      }
      setPhotos((current) => [
        ...current,
        ...prepared.map((file, index) => ({
          file,
          picked: picked[index]!.size,
          url: URL.createObjectURL(file),
          state: 'chosen' as const,
          progress: 0,
          waiting: false,
        })),
      ]);
    } finally {
      setPreparing(false);
    }
  };

  const change = (url: string, next: Partial<Chosen>) =>
    setPhotos((now) => now.map((photo) => (photo.url === url ? { ...photo, ...next } : photo)));

  /** Sends one photo; tells whether it arrived. */
  const sendPhoto = async (inspectionId: string, photo: Chosen): Promise<boolean> => {
    change(photo.url, { state: 'sending', progress: 0, waiting: false, problem: undefined });
    const upload = uploadPhoto(inspectionId, photo.file, {
      onProgress: (progress) => change(photo.url, { progress }),
      onWaiting: (waiting) => change(photo.url, { waiting }),
    });
    current.current = upload;
    try {
      await upload.done;
      change(photo.url, { state: 'sent', progress: 1 });
      return true;
    } catch (reason) {
      const problem =
        reason instanceof DOMException && reason.name === 'AbortError'
          ? u.canceled
          : errorMessage(reason, 'Não foi possível enviar a foto');
      change(photo.url, { state: 'failed', problem });
      return false;
    } finally {
      current.current = null;
    }
  };

  /** Sends the photos not sent yet (or only `only`), one after the other; closes when all went. */
  const sendPhotos = async (inspection: InspectionItem, only?: string) => {
    setUploading(true);
    let missing = 0;
    try {
      for (const photo of photosRef.current) {
        if (photo.state === 'sent') continue;
        if ((only && photo.url !== only) || !(await sendPhoto(inspection.id, photo))) missing += 1;
      }
    } finally {
      setUploading(false);
    }
    if (missing === 0) {
      close();
      notifications.show({ color: 'leaf', message: 'Vistoria registrada.' });
    }
  };

  const remove = (index: number) =>
    setPhotos((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((_, at) => at !== index);
    });

  const submit = () => {
    const found: Errors = {};
    const lat = parseCoordinate(latitude);
    const lng = parseCoordinate(longitude);
    if (!visitedOn) found.visitedOn = m.visitedOnRequired;
    else if (visitedOn > today) found.visitedOn = m.visitedOnFuture;
    if (lat === null) found.latitude = m.latitudeRequired;
    if (lng === null) found.longitude = m.longitudeRequired;
    if (lat !== null && lng !== null && !insideRioGrandeDoSul(lat, lng))
      found.latitude = m.outsideRs;
    if (!summary.trim()) found.summary = m.summaryRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !visitedOn || lat === null || lng === null) return;
    const input = { visitedOn, latitude: lat, longitude: lng, summary: summary.trim() };
    void (async () => {
      // Offline, or behind writes still waiting: the vistoria and its photos wait their turn.
      if (!navigator.onLine || (await writesWaiting())) return keep(input);
      record.mutate(
        { ...input, key },
        {
          onSuccess: (inspection) => {
            setRecorded(inspection);
            void sendPhotos(inspection);
          },
          onError: (error) => {
            // No answer: it may have arrived. The outbox sends it again under the same key.
            if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) void keep(input);
          },
        },
      );
    })();
  };

  /** Keeps the vistoria, its position and its photos (made smaller) in the outbox. */
  const keep = async (input: InspectionInput) => {
    setQueueing(true);
    setQueueProblem(null);
    try {
      await queueWrite({
        title: `Vistoria de ${formatDay(input.visitedOn)}`,
        written: [
          { label: 'Data', value: formatDay(input.visitedOn) },
          { label: 'Posição', value: `${typed(input.latitude)}; ${typed(input.longitude)}` },
          { label: 'Resumo', value: input.summary },
          { label: 'Fotos', value: String(photos.length) },
        ],
        instanceId: instance.id,
        target: instanceTarget(instance.id),
        kind: 'inspection',
        key,
        request: {
          method: 'POST',
          path: `${API_BASE}/process-instance/${instance.id}/inspections`,
          form: inspectionForm(input),
        },
        files: await Promise.all(photos.map((photo) => storedFile(photo.file))),
        filesTarget: `${API_BASE}/process-instance/${instance.id}/inspections/{answerId}/photos`,
      });
    } catch (error) {
      setQueueProblem(errorMessage(error, 'Não foi possível guardar a vistoria neste aparelho.'));
      return;
    } finally {
      setQueueing(false);
    }
    record.reset();
    close();
    notifications.show({ color: 'yellow', message: QUEUED_MESSAGE });
  };

  return (
    <ReviewDialog title="Registrar vistoria" opened={opened} onClose={close}>
      <PtBrDateInput
        label="Data da vistoria"
        value={visitedOn}
        onChange={(value) => {
          setVisitedOn(value);
          clear({ visitedOn: undefined });
        }}
        maxDate={today}
        disabled={locked}
        error={errors.visitedOn}
        required
        maw={240}
      />
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label="Latitude"
            placeholder="-30,851200"
            inputMode="decimal"
            value={latitude}
            onChange={(event) => {
              setLatitude(event.currentTarget.value);
              clear({ latitude: undefined });
            }}
            error={errors.latitude}
            disabled={locked}
            required
            style={{ flex: '1 1 10rem' }}
          />
          <TextInput
            label="Longitude"
            placeholder="-51,798600"
            inputMode="decimal"
            value={longitude}
            onChange={(event) => {
              setLongitude(event.currentTarget.value);
              clear({ longitude: undefined });
            }}
            error={errors.longitude}
            disabled={locked}
            required
            style={{ flex: '1 1 10rem' }}
          />
        </Group>
        <Button
          variant="light"
          leftSection={<IconCurrentLocation size={18} aria-hidden />}
          onClick={locate}
          loading={locating}
          disabled={locked}
          w={{ base: '100%', xs: 'fit-content' }}
        >
          Usar minha localização
        </Button>
        {locationProblem && (
          <Text size="sm" c="red.9" role="alert">
            {locationProblem}
          </Text>
        )}
      </Stack>
      <Textarea
        label="Resumo"
        value={summary}
        onChange={(event) => {
          setSummary(event.currentTarget.value);
          clear({ summary: undefined });
        }}
        error={errors.summary}
        disabled={locked}
        maxLength={INSPECTION_SUMMARY_MAX}
        autosize
        minRows={3}
        maxRows={10}
        required
      />
      <Stack gap="xs" role="group" aria-label="Fotos">
        <Text size="sm" fw={500}>
          Fotos
        </Text>
        <Text size="xs" c="dimmed">
          Até {INSPECTION_PHOTOS_MAX} fotos, tiradas com a câmera ou escolhidas. Fotos grandes são
          reduzidas antes do envio.
        </Text>
        {photos.length > 0 && (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {photos.map((photo, index) => (
              <PhotoRow
                key={photo.url}
                photo={photo}
                number={index + 1}
                onRemove={uploading ? undefined : () => remove(index)}
                onCancel={() => void current.current?.cancel()}
                onRetry={
                  recorded && !uploading ? () => void sendPhotos(recorded, photo.url) : undefined
                }
              />
            ))}
          </Stack>
        )}
        <FileButton
          onChange={(files) => void add(files)}
          accept="image/*"
          capture="environment"
          multiple
          resetRef={resetPicker}
          inputProps={{ 'aria-label': 'Escolher fotos' }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
              loading={preparing}
              disabled={photos.length >= INSPECTION_PHOTOS_MAX || uploading}
              w={{ base: '100%', xs: 'fit-content' }}
            >
              Adicionar fotos ({photos.length}/{INSPECTION_PHOTOS_MAX})
            </Button>
          )}
        </FileButton>
        {errors.photos && (
          <Text size="sm" c="red.9" role="alert">
            {errors.photos}
          </Text>
        )}
      </Stack>
      {recorded && !uploading && photos.some((photo) => photo.state !== 'sent') && (
        <Text size="sm" role="status">
          Vistoria registrada. Envie de novo as fotos que faltam.
        </Text>
      )}
      {queueProblem && (
        <Text size="sm" c="red.9" role="alert">
          {queueProblem}
        </Text>
      )}
      <DialogFooter
        failure={record.error}
        failureTitle="Não foi possível registrar a vistoria"
        pending={record.isPending || uploading || queueing}
        disabled={preparing}
        submitLabel={recorded ? 'Enviar fotos' : 'Registrar vistoria'}
        onSubmit={recorded ? () => void sendPhotos(recorded) : submit}
        onCancel={close}
        cancelLabel={recorded ? 'Fechar' : undefined}
      />
    </ReviewDialog>
  );
}

/**
 * One photo of the dialog: its thumbnail, name and size (before → after resizing), then its
 * upload's bar while it goes, 'Enviada' once in, or why it failed with 'Tentar de novo'.
 */
function PhotoRow({
  photo,
  number,
  onRemove,
  onCancel,
  onRetry,
}: {
  photo: Chosen;
  number: number;
  /** Not given while photos are on their way. */
  onRemove?: () => void;
  onCancel: () => void;
  /** Given once the vistoria is recorded and no other photo is on its way. */
  onRetry?: () => void;
}) {
  const label = `foto ${number}`;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <Image
        src={photo.url}
        alt={`Foto ${number}: ${photo.file.name}`}
        w={56}
        h={56}
        fit="cover"
        radius="sm"
        flex="none"
      />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" truncate="end">
            {photo.file.name}
          </Text>
          {(photo.state === 'chosen' || photo.state === 'failed') && onRemove && (
            <ActionIcon
              size="sm"
              color="red"
              variant="subtle"
              onClick={onRemove}
              aria-label={`Remover a foto ${number}`}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {photo.state === 'sending' ? (
          <UploadProgress
            label={label}
            progress={photo.progress}
            waiting={photo.waiting}
            picked={photo.picked}
            sent={photo.file.size}
            onCancel={onCancel}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {sizeChange(photo.picked, photo.file.size)}
          </Text>
        )}
        {photo.state === 'sent' && (
          <Group gap={4} c="leaf.8">
            <IconCircleCheck size={16} aria-hidden />
            <Text size="xs" c="leaf.8">
              Enviada
            </Text>
          </Group>
        )}
        {photo.state === 'failed' && (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" c="red.9" role="alert">
              {photo.problem}
            </Text>
            {onRetry && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
                aria-label={`Enviar de novo a ${label}`}
              >
                Tentar de novo
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
}
