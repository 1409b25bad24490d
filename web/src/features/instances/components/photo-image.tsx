import { Image, Loader, Skeleton, Stack } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { inspectionPhotoQueryOptions } from '../review-api';

const THUMB_SIZE = 72;

/** A vistoria's photo: a thumbnail, or `large` in the viewer. */
export function PhotoImage({ url, alt, large }: { url: string; alt: string; large?: boolean }) {
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
        <Loader role="status" aria-label="Carregando a foto" />
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
