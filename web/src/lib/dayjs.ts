import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { DATES_LOCALE } from './dates-locale';

dayjs.locale(DATES_LOCALE);

export const DAYJS_LOCALE = DATES_LOCALE;
export { dayjs };
