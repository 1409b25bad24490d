/**
 * The locale of dates (dayjs and Mantine's date inputs). Kept apart from lib/dayjs so the app's
 * providers can name it without loading dayjs on the first screen: date inputs come from
 * components/dates, which loads dayjs with this locale.
 */
export const DATES_LOCALE = 'pt-br';
