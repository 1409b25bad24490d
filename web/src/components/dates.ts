/**
 * Mantine's date inputs, the only way the app imports them: this module brings their styles and
 * dayjs with the pt-BR locale, which the first screen does not load (DatesProvider in the app's
 * providers names the locale).
 */
import '@mantine/dates/styles.css';
import '../lib/dayjs';

export * from '@mantine/dates';
