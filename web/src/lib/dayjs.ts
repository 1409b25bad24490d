import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/pt-br';
import { DATES_LOCALE } from './dates-locale';

// Date inputs parse what is typed as DD/MM/YYYY.
dayjs.extend(customParseFormat);
dayjs.locale(DATES_LOCALE);

export const DAYJS_LOCALE = DATES_LOCALE;
export { dayjs };
