/**
 * The two routes a goal and a notification declare alike: the add, which takes the record trimmed
 * (a blank text is as missing as none), and the delete, which answers the record as it was. Both
 * go through the kind's writes (program-owned-writes.ts): the program guarded, the change recorded.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { idParams } from '../http/body-schemas.ts';
import { assertTrimmedText } from '../http/text-fields.ts';
import { audited } from '../changes/audit-declaration.ts';
import type { ErrorDeclaration } from '../http/error-declaration.ts';
import type { OwnedRecordKit } from './program-owned-writes.ts';

interface Declared {
  url: string;
  summary: string;
  /** The record's answer schema. */
  answer: unknown;
  /** What it refuses beyond what its declaration tells (server/http/error-declaration.ts). */
  errors?: ErrorDeclaration;
}

interface CreateRoute<T, B> extends Declared {
  body: unknown;
  /** The program the new record is to belong to, as the body names it. */
  programOf: (body: B) => string;
  insert: (trx: Db, body: B, request: FastifyRequest) => Promise<T>;
  /** What a failed write answers instead of its error (a unique index refusing a second record). */
  refusal?: (err: unknown, body: B) => Promise<unknown>;
}

/** The add of a record to a program: 201 with the record. */
export function ownedCreateRoute<T extends { _id: string }, B extends Record<string, unknown>>(
  app: FastifyInstance,
  { tags, flag, trimBody, writes, schema }: OwnedRecordKit<T>,
  route: CreateRoute<T, B>,
): void {
  app.post<{ Body: B }>(
    route.url,
    {
      config: { permission: flag('create'), audit: audited('create'), errors: route.errors },
      schema: { tags, summary: route.summary, body: route.body, response: { 201: route.answer } },
      preValidation: trimBody,
    },
    async (request, reply) => {
      const body = request.body as B;
      assertTrimmedText(body, schema);
      try {
        const created = await writes.add(request, route.programOf(body), (trx) => route.insert(trx, body, request));
        return reply.status(201).send(created);
      } catch (err) {
        throw route.refusal ? await route.refusal(err, body) : err;
      }
    },
  );
}

/** The delete of a record a program holds: guarded like every write to it, answered as it was. */
export function ownedDeleteRoute<T extends { _id: string }>(
  app: FastifyInstance,
  { tags, flag, writes }: OwnedRecordKit<T>,
  route: Declared & { remove: (trx: Db, id: string) => Promise<T> },
): void {
  app.delete<{ Params: { id: string } }>(
    route.url,
    {
      config: { permission: flag('delete'), audit: audited('delete'), errors: route.errors },
      schema: { tags, summary: route.summary, params: idParams, response: { 200: route.answer } },
    },
    async (request) => {
      const { id } = request.params;
      return writes.change(request, id, async (trx) => ({ before: await route.remove(trx, id), after: null }));
    },
  );
}
