import type { FastifyReply } from 'fastify';

/**
 * Sends an answer already written as JSON (a cached answer, or one the database built): Fastify
 * sends a string of a JSON type as it is, past the route's response serializer.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
