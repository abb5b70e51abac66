/**
 * The error declarations of the route table: what a route says it refuses with, in
 * `config.errors` beside its permission and audit (server/http/error-declaration.ts), names only
 * codes the error catalogue makes, so the OpenAPI documents promise no code a client can never
 * get. The catalogue's codes are found by calling each constructor of `problems`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems, type Problem } from '../../server/http/errors.ts';
import { declaredErrors } from '../../server/http/error-declaration.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { routeName } from '../support/route-audit.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** Arguments for the constructors that take more than text and numbers; every other gets 'x' for each parameter. */
const SAMPLE_ARGUMENTS: Partial<Record<keyof typeof problems, unknown[]>> = {
  methodNotAllowed: ['PUT', '/x', ['GET']],
  inUseBy: ['Thing', [{ count: 2, one: 'user', many: 'users' }]],
  grantBeyondOwn: [['can_x']],
  manageBeyondOwn: ['a user who', ['can_x']],
  again: [problems.notFound()],
};

/** Every code a constructor of the catalogue makes. */
function catalogueCodes(): Set<string> {
  const codes = new Set<string>();
  for (const [name, make] of Object.entries(problems) as Array<[keyof typeof problems, (...args: unknown[]) => Problem]>) {
    const args = SAMPLE_ARGUMENTS[name] ?? Array.from({ length: make.length }, () => 'x');
    const problem = make(...args);
    expect(problem.code, `problems.${name}: give it sample arguments in SAMPLE_ARGUMENTS`).toMatch(/^[A-Z][A-Z0-9_]+$/);
    codes.add(problem.code);
  }
  return codes;
}

describe.each(['auth', 'api'] as const)('%s server route table', (server) => {
  it('declares in config.errors only codes of the error catalogue', () => {
    const known = catalogueCodes();
    expect(known).toContain('EXPORT_NOT_READY');
    const declared = t[server].routeTable.flatMap((route) =>
      Object.entries(declaredErrors(route.options.config)?.codes ?? {}).flatMap(([status, codes]) =>
        codes!.map((code) => ({ where: `${routeName(route)} ${status}`, code })),
      ),
    );
    expect(declared.length, 'routes declare errors').toBeGreaterThan(0);
    expect(declared.filter(({ code }) => !known.has(code))).toEqual([]);
  });
});
