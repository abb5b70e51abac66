/** Who made a request's changes, from where, and under which action, as the change log records it. */
import type { FastifyRequest } from 'fastify';
import type { ChangeContext } from './change-log.ts';
import { declaredAction } from './audit-declaration.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The program a write turned out to be about (its guard notes it): its changes and refusals are filed under it. */
    auditProgramId?: string;
  }
}

/** Files the request's changes, and a refusal of it, under this program unless a change names its own. */
export function noteProgram(request: FastifyRequest, programId: string): void {
  request.auditProgramId = programId;
}

export function changeContextOf(request: FastifyRequest): ChangeContext {
  const user = request.sessionUser;
  const action = declaredAction(request.routeOptions.config?.audit);
  return {
    ...(user ? { actor: user } : {}),
    ...(action ? { action } : {}),
    ...(request.auditProgramId ? { programId: request.auditProgramId } : {}),
    address: request.ip,
    requestId: String(request.id),
  };
}

/** The request's change context as plain data for a worker thread (a view list's import): the actor without their flags. */
export function changeContextForWorker(request: FastifyRequest): ChangeContext {
  const { actor, ...context } = changeContextOf(request);
  if (!actor) return context;
  const { id, email, roleSlug, sessionId, client } = actor;
  return { ...context, actor: { id, email, roleSlug, sessionId, client } };
}
