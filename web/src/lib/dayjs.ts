import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/pt-br';

// Date inputs parse what is typed as DD/MM/YYYY.
dayjs.extend(customParseFormat);
dayjs.locale('pt-br');

export const DAYJS_LOCALE = 'pt-br';
export { dayjs };
