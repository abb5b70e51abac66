/**
 * One shape for every message about a field of a definition, whoever finds the problem: the NUL
 * guard (`structures[0].field_label`), the form-field schema (`structures.0.field_type`) and the
 * definition check (field names) all answer keyed as the definition check keys them — by the
 * field's field_name, or by its place (`structures.2`, `structures.2.extra_details.fields.0`)
 * when it has no usable name — so the builder can put every message on the row it is about.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { problems } from '../http/errors.ts';
import { problemFor } from '../http/error-answers.ts';

const FIELD_PATH = /^structures\.(\d+)(?:\.extra_details\.fields\.(\d+))?(?=\.|$)/;

type Loose = Record<string, unknown> | undefined;

/** The key of the field a path inside `structures` points into; any other key as it is. */
export function fieldKey(key: string, structures: unknown): string {
  const found = FIELD_PATH.exec(key.replace(/\[(\d+)\]/g, '.$1'));
  if (!found) return key;
  const top = (Array.isArray(structures) ? structures[Number(found[1])] : undefined) as Loose;
  const subFields = (top?.extra_details as Loose)?.fields;
  const field = (found[2] === undefined ? top : Array.isArray(subFields) ? subFields[Number(found[2])] : undefined) as Loose;
  const name = field?.field_name;
  return typeof name === 'string' && name !== '' && !name.includes('\u0000') ? name : found[0];
}

/** Re-keys the field messages of every error the scope's routes end in, then answers as the parent scope would. */
export function keyErrorsByField(scope: FastifyInstance): void {
  const answer = scope.errorHandler;
  scope.setErrorHandler(function (error: FastifyError, request, reply) {
    const problem = problemFor(error);
    const structures = (request.body as Loose)?.structures;
    if (!problem?.fields || structures === undefined) return answer.call(this, error, request, reply);
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(problem.fields)) fields[fieldKey(key, structures)] ??= message;
    return answer.call(this, problems.again(problem, fields), request, reply);
  });
}
