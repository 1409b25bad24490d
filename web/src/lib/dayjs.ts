import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';

dayjs.locale('pt-br');

export const DAYJS_LOCALE = 'pt-br';
export { dayjs };
