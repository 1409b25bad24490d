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
import { IconCurrentLocation, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import {
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTOS_MAX,
  INSPECTION_SUMMARY_MAX,
  insideRioGrandeDoSul,
  messages,
} from '@agroselo/contracts';
import { PtBrDateInput } from '../../../components/date-field';
import { dayjs } from '../../../lib/dayjs';
import { prepareProof } from '../../forms/photo';
import type { InstanceDetailItem } from '../api';
import { parseCoordinate } from '../format';
import { useRecordInspection } from '../review-api';
import { DialogFooter, ReviewDialog } from './review-section';

const m = messages.review;

/** What the browser's location gives, or why not. */
export const LOCATION_DENIED =
  'A permissão de localização foi negada. Digite a latitude e a longitude.';
export const LOCATION_UNAVAILABLE =
  'Não foi possível obter a sua localização. Digite a latitude e a longitude.';

interface Chosen {
  file: File;
  url: string;
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
 * seen and up to 10 photos, large ones made smaller before they go.
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
  const today = dayjs().format('YYYY-MM-DD');
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
  const resetPicker = useRef<() => void>(null);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  // The thumbnails' object URLs go with the dialog.
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  const clear = (next: Partial<Errors>) => setErrors((current) => ({ ...current, ...next }));

  const close = () => {
    if (record.isPending) return;
    photos.forEach((photo) => URL.revokeObjectURL(photo.url));
    setVisitedOn(today);
    setLatitude('');
    setLongitude('');
    setSummary('');
    setPhotos([]);
    setErrors({});
    setLocationProblem(null);
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
        ...prepared.map((file) => ({ file, url: URL.createObjectURL(file) })),
      ]);
    } finally {
      setPreparing(false);
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
    record.mutate(
      {
        visitedOn,
        latitude: lat,
        longitude: lng,
        summary: summary.trim(),
        photos: photos.map((photo) => photo.file),
      },
      {
        onSuccess: () => {
          close();
          notifications.show({ color: 'leaf', message: 'Vistoria registrada.' });
        },
      },
    );
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
            required
            style={{ flex: '1 1 10rem' }}
          />
        </Group>
        <Button
          variant="light"
          leftSection={<IconCurrentLocation size={18} aria-hidden />}
          onClick={locate}
          loading={locating}
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
          <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {photos.map((photo, index) => (
              <li key={photo.url} style={{ position: 'relative' }}>
                <Image
                  src={photo.url}
                  alt={`Foto ${index + 1}: ${photo.file.name}`}
                  w={72}
                  h={72}
                  fit="cover"
                  radius="sm"
                />
                <ActionIcon
                  size="sm"
                  color="red"
                  variant="filled"
                  pos="absolute"
                  top={2}
                  right={2}
                  onClick={() => remove(index)}
                  aria-label={`Remover a foto ${index + 1}`}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </li>
            ))}
          </Group>
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
              disabled={photos.length >= INSPECTION_PHOTOS_MAX}
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
      <DialogFooter
        failure={record.error}
        failureTitle="Não foi possível registrar a vistoria"
        pending={record.isPending}
        disabled={preparing}
        submitLabel="Registrar vistoria"
        onSubmit={submit}
        onCancel={close}
      />
    </ReviewDialog>
  );
}
