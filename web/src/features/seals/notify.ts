import { notifications } from '@mantine/notifications';
import { errorMessage, isApiError } from '../../api';

/** Spec §8's alerts of the builder, as notifications. */
export const notifySuccess = (message: string) =>
  notifications.show({ color: 'leaf', message, withBorder: true });

/** A failure: the spec's text, with the server's reason when it gave one. */
export function notifyFailure(fallback: string, error: unknown, title?: string) {
  const reason = isApiError(error) && error.message ? error.message : null;
  notifications.show({
    color: 'red',
    title: title ?? (reason ? fallback : undefined),
    message: reason ?? errorMessage(error, fallback),
    withBorder: true,
  });
}
