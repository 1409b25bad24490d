import { TOTAL_COUNT_HEADER } from '@agroselo/contracts';
import type { FastifyReply } from 'fastify';

export interface Page<T> {
  items: T[];
  total: number;
}

/** Lists answer one page as a JSON array and the full count in X-Total-Count (DESIGN §4). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, page.total);
  return page.items;
}
