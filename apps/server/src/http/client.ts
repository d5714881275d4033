import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/login';

/** Where a request comes from, for throttling and the sessions list. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
