/**
 * What a route answers beyond what its declaration already tells (openapi-errors.ts derives
 * 400/401/403/404/409/413/415/429/500/503 from the permission, schemas, method and path): the
 * statuses and codes its own handler and the services it calls throw, declared in
 * `config.errors` beside its permission and audit:
 *   config: { permission, audit, errors: { codes: { 409: ['EXPORT_NOT_READY'] }, notes: { 409: 'why' } } }
 * A group several routes share (a program change's refusals, the password rules) lives in the
 * feature folder that owns them. The route-table test fails on a code the catalogue
 * (errors.ts) does not make.
 */
export type ErrorCodes = Partial<Record<number, string[]>>;

export interface ErrorDeclaration {
  codes: ErrorCodes;
  /** Said in the status's description, where the codes alone do not explain the answer. */
  notes?: Partial<Record<number, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    errors?: ErrorDeclaration;
  }
}

/** A route's own declaration, if any. */
export const declaredErrors = (config: unknown): ErrorDeclaration | undefined =>
  (config as { errors?: ErrorDeclaration } | undefined)?.errors;
