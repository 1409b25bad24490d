// The stack of notifications and its styles, in a file of their own: loaded by
// LazyNotifications the first time the app shows one.
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
