/** Who made a request's changes, from where, and under which action, as the change log records it. */
import type { FastifyRequest } from 'fastify';
import type { ChangeContext } from './change-log.ts';
import { declaredAction } from './audit-declaration.ts';

export function changeContextOf(request: FastifyRequest): ChangeContext {
  const user = request.sessionUser;
  const action = declaredAction(request.routeOptions.config?.audit);
  return {
    ...(user ? { actor: user } : {}),
    ...(action ? { action } : {}),
    address: request.ip,
    requestId: String(request.id),
  };
}
