import type { FastifyReply } from 'fastify';
import { sendPage, type Page } from './pagination';

/**
 * Sends an answer already written as JSON (a cached answer, or one the database built): Fastify
 * sends a string of a JSON type as it is, past the route's response serializer.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

/**
 * A page of a list whose items are JSON texts already (each written by the database): one JSON
 * array, the full count in X-Total-Count (DESIGN §4), as sendPage gives it.
 */
export const sendJsonPage = (reply: FastifyReply, page: Page<string>) =>
  sendJsonText(reply, `[${sendPage(reply, page).join(',')}]`);
