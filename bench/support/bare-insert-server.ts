/**
 * The submission's floor: POST /document as the least a server can do to store one — Fastify with
 * one route, no plugins, plain pg. The token check (minimal-session.ts, its session read prepared
 * as the real one is) and the flags the real route needs, then ONE insert into documents of the
 * row the real submission writes (the same columns and values: a new uuid, the body's fields, the
 * caller, now) as a prepared statement, answering 201 with the new id. No checks of the body, no counters, no change row, no
 * transaction, no read of the stored document: what a submission costs beyond this is theirs.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { decodeJwt } from 'jose';
import type { NewDocument } from '../../server/documents/document-store.ts';
import { minimalCallerFlags } from './minimal-session.ts';

const INSERT = {
  name: 'bare_document_insert',
  text: `insert into documents (id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by, created_at, updated_at)
    values (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8) returning id`,
};

export async function startBareInsertServer(
  databaseUrl: string,
  secret: string,
): Promise<{ app: FastifyInstance; pool: pg.Pool; url: string }> {
  const key = new TextEncoder().encode(secret);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();

  app.post<{ Body: NewDocument }>('/document', async (request, reply) => {
    const flags = await minimalCallerFlags(pool, key, request, reply, { prepared: true });
    if (!flags) return reply;
    if (flags.can_access_dashboard !== true || flags.can_add_document !== true)
      return reply.status(403).send({ message: "You don't have permission", code: 'FORBIDDEN' });
    // The token was verified and its session matched its subject just now: the subject is the caller.
    const caller = String(decodeJwt(request.headers.authorization!.replace(/^Bearer\s+/i, '')).sub);
    const doc = request.body;
    const { rows } = await pool.query<{ id: string }>({
      ...INSERT,
      values: [
        doc.local_id,
        doc.program_id,
        doc.module,
        doc.type_id,
        doc.form_revision_id,
        JSON.stringify(doc.form_data),
        caller,
        new Date(),
      ],
    });
    return reply.status(201).send({ _id: rows[0]!.id });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return { app, pool, url: `http://127.0.0.1:${address.port}` };
}
