/** Who made a request's changes, and from where, as the change log records it. */
import type { FastifyRequest } from 'fastify';
import type { ChangeContext } from './change-log.ts';

export function changeContextOf(request: FastifyRequest): ChangeContext {
  const user = request.sessionUser;
  return {
    ...(user ? { actor: user } : {}),
    address: request.ip,
    requestId: String(request.id),
  };
}
