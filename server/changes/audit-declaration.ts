/**
 * Every route that writes declares what the change log calls its writes, in `config.audit`,
 * beside its permission:
 *   { action: 'publish' }            its changes are recorded under this action
 *   { none: 'why nothing is kept' }  it changes nothing worth a row (a preview, a read by POST)
 * The route-table test fails on a non-GET route without one, so no write is forgotten.
 */
export type AuditDeclaration = { action: string } | { none: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
}

export const audited = (action: string): AuditDeclaration => ({ action });
export const notAudited = (reason: string): AuditDeclaration => ({ none: reason });

/** The action a route's changes are recorded under, when it declares one. */
export function declaredAction(declaration: AuditDeclaration | undefined): string | undefined {
  return declaration && 'action' in declaration ? declaration.action : undefined;
}
