/**
 * The CouchDB replication protocol (version 3) over the offline databases, at /sync/db/ on the
 * api server, for PouchDB devices signed in to the mobile app: the server's and a database's
 * info, `_local` checkpoints, the changes feed, `_revs_diff` and `_bulk_get`. Each route checks
 * that the caller reaches the database (sync-databases.ts) before anything else.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { needsFlagMobile, signedInMobile } from '../http/permissions.ts';
import { problems } from '../http/errors.ts';
import { audited, notAudited } from '../changes/audit-declaration.ts';
import { changeContextOf } from '../changes/change-context.ts';
import type { ReplicatedDoc } from './rev-tree.ts';
import { pushDocuments } from './document-push.ts';
import { waitForChanges } from './longpoll.ts';
import { listenForChanges, SYNC_CHANNEL, type ChangeSignal } from '../db/change-signal.ts';
import type { ErrorDeclaration } from '../http/error-declaration.ts';
import {
  AUDIENCE_AND_CHECKPOINT,
  AUDIENCE_AND_FIGURES,
  audienceOf,
  audienceParam,
  openDatabase,
  PROGRAM_AUDIENCE,
  type OpenedDatabase,
} from './sync-databases.ts';
import { serverUuid } from './server-uuid.ts';
import {
  changesSince,
  databaseInfo,
  figuresOf,
  localOf,
  missingRevisions,
  bulkGetJson,
  writeLocal,
  type KeptFigures,
  type KeptLocal,
} from './sync-store.ts';
import * as schemas from './sync-schemas.ts';
import { followChanges } from './sync-follower.ts';
import { syncConsoleRoutes } from './sync-console-routes.ts';
import { conflictRoutes } from './conflict-routes.ts';

const TAGS = ['Offline sync'];
const FOLLOW_EVERY_SECONDS = 2;
const ON_DATABASE: ErrorDeclaration = {
  codes: { 404: ['SYNC_DATABASE_NOT_FOUND'] },
  notes: { 404: 'No such database, or one you may not pull (alike)' },
};
/**
 * A database route's declaration: who reaches the database is read in the session lookup (a
 * device asks several times a batch), with `read` the route's own read when it needs only the URL.
 */
const databaseRoute = (read = PROGRAM_AUDIENCE, more: (request: FastifyRequest) => unknown[] = () => []) => ({
  permission: signedInMobile,
  errors: ON_DATABASE,
  joinedRead: { read, params: (request: FastifyRequest) => [audienceParam((request.params as Params).db), ...more(request)] },
});
const DATABASE_ROUTE = databaseRoute();
const startedAt = String(Date.now() * 1000);

type Params = { db: string };
type LocalParams = { db: string; id: string };

export function syncRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The program databases follow the configuration a moment after each change.
  ctx.jobs.every({ name: 'sync-follow', everySeconds: FOLLOW_EVERY_SECONDS, run: () => followChanges(ctx.db).then(() => undefined) });
  syncConsoleRoutes(app, ctx);
  conflictRoutes(app, ctx);
  const reach = (request: FastifyRequest<{ Params: Params }>) =>
    openDatabase(ctx.db, request.sessionUser!, request.params.db, audienceOf(request.joined));
  serverRoute(app, ctx);
  databaseInfoRoute(app, ctx, reach);
  localRoutes(app, ctx, reach);
  changesRoute(app, ctx, reach, syncSignal(app, ctx));
  readByPostRoutes(app, ctx, reach);
  pushRoute(app, ctx, reach);
}

/** This server's ear for writes to the offline databases by any instance (change-signal.ts), closed with it. */
function syncSignal(app: FastifyInstance, ctx: AppContext): ChangeSignal {
  const signal = listenForChanges(ctx.jobs.databaseUrl, SYNC_CHANNEL, (line) => app.log.warn(line));
  app.addHook('onClose', () => signal.close());
  return signal;
}

type Reach = (request: FastifyRequest<{ Params: Params }>) => Promise<OpenedDatabase>;

function serverRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/sync/db/',
    {
      config: { permission: signedInMobile },
      schema: {
        tags: TAGS,
        summary: 'The sync server, as CouchDB answers its root: its stable uuid',
        response: { 200: schemas.serverInfo },
      },
    },
    async () => ({ couchdb: 'Welcome', uuid: await serverUuid(ctx.db), version: '3.3.3', vendor: { name: 'Fieldbase' } }),
  );
}

function databaseInfoRoute(app: FastifyInstance, ctx: AppContext, reach: Reach): void {
  const config = databaseRoute(AUDIENCE_AND_FIGURES);
  const handler = async (request: FastifyRequest<{ Params: Params }>) => {
    const { view } = await reach(request);
    // A program's database, built when its figures were read with the session: they hold.
    const joined = request.joined as (KeptFigures & { built: boolean }) | null;
    const info = view.whole && joined?.built ? figuresOf(joined) : await databaseInfo(ctx.db, view);
    return { db_name: request.params.db, ...info, instance_start_time: startedAt };
  };
  for (const url of ['/sync/db/:db', '/sync/db/:db/']) {
    app.get<{ Params: Params }>(
      url,
      {
        config,
        schema: {
          tags: TAGS,
          summary: 'A database: its documents and last sequence',
          params: schemas.databaseParams,
          response: { 200: schemas.databaseInfo },
        },
      },
      handler,
    );
  }
}

function localRoutes(app: FastifyInstance, ctx: AppContext, reach: Reach): void {
  const config = DATABASE_ROUTE;
  // Read before the params are validated (their 400 comes after): a value no checkpoint could have reads nothing.
  const usable = (value: string) => (value.length <= 200 && !value.includes('\u0000') ? value : null);
  const checkpoint = (request: FastifyRequest) => [usable((request.params as LocalParams).db), usable((request.params as LocalParams).id)];
  app.get<{ Params: LocalParams }>(
    '/sync/db/:db/_local/:id',
    {
      config: {
        ...databaseRoute(AUDIENCE_AND_CHECKPOINT, checkpoint),
        errors: { codes: { 404: ['SYNC_DATABASE_NOT_FOUND', 'NOT_FOUND'] } },
      },
      schema: { tags: TAGS, summary: 'A replication checkpoint', params: schemas.localParams, response: { 200: schemas.localDocument } },
    },
    async (request) => {
      await reach(request);
      // Read with the session (whoever reaches the database reads the same checkpoint).
      const local = localOf(request.params.id, request.joined as KeptLocal);
      if (!local) throw problems.notFound('Checkpoint');
      return local;
    },
  );
  app.put<{ Params: LocalParams; Body: Record<string, unknown> }>(
    '/sync/db/:db/_local/:id',
    {
      config: {
        ...config,
        audit: notAudited("a device's replication checkpoint, of no one else's concern"),
        errors: { codes: { 404: ['SYNC_DATABASE_NOT_FOUND'], 409: ['SYNC_CHECKPOINT_CONFLICT'] } },
      },
      schema: {
        tags: TAGS,
        summary: 'Writes a replication checkpoint from the revision it was read at (409 when written again since, as CouchDB answers)',
        params: schemas.localParams,
        body: schemas.localDocument,
        response: { 201: schemas.localWritten },
      },
    },
    async (request, reply) => {
      await reach(request);
      const rev = await writeLocal(ctx.db, request.params.db, request.params.id, request.body);
      if (!rev) throw problems.syncCheckpointConflict();
      return reply.status(201).send({ ok: true, id: `_local/${request.params.id}`, rev });
    },
  );
}

function changesRoute(app: FastifyInstance, ctx: AppContext, reach: Reach, signal: ChangeSignal): void {
  const config = DATABASE_ROUTE;
  app.get<{ Params: Params; Querystring: { since: string; limit: string; feed: string; timeout?: string; heartbeat?: string } }>(
    '/sync/db/:db/_changes',
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'The documents written after `since`, oldest first, each with its leaf revisions (style=all_docs lists conflicts too); feed=longpoll waits for one (up to timeout, at most 50 s)',
        params: schemas.databaseParams,
        querystring: schemas.changesQuery,
        response: { 200: schemas.changesAnswer },
      },
    },
    async (request) => {
      const { view } = await reach(request);
      const { query } = request;
      const since = query.since === 'now' ? (await databaseInfo(ctx.db, view)).update_seq : Number(query.since);
      if (query.feed !== 'longpoll') return changesSince(ctx.db, view, since, Number(query.limit));
      const waitMs = Number(query.timeout ?? (query.heartbeat === 'true' ? undefined : query.heartbeat) ?? NaN);
      return waitForChanges(ctx.db, signal, view, since, Number(query.limit), {
        waitMs: Number.isFinite(waitMs) ? waitMs : undefined,
        gone: () => request.raw.socket?.destroyed === true,
      });
    },
  );
}

function readByPostRoutes(app: FastifyInstance, ctx: AppContext, reach: Reach): void {
  const config = DATABASE_ROUTE;
  const readByPost = notAudited('a read sent by POST, as the protocol does');
  app.post<{ Params: Params; Body: Record<string, string[]> }>(
    '/sync/db/:db/_revs_diff',
    {
      config: { ...config, audit: readByPost },
      schema: {
        tags: TAGS,
        summary: 'Of the revisions named per document, those this database lacks',
        params: schemas.databaseParams,
        body: schemas.revsDiffBody,
        response: { 200: schemas.revsDiffAnswer },
      },
    },
    async (request) => {
      const { view } = await reach(request);
      return missingRevisions(ctx.db, view, request.body);
    },
  );
  app.post<{ Params: Params; Body: { docs: { id: string; rev?: string }[] } }>(
    '/sync/db/:db/_bulk_get',
    {
      config: { ...config, audit: readByPost },
      schema: {
        tags: TAGS,
        summary: 'The revisions asked for (the winner when none is named), each with its history (_revisions)',
        params: schemas.databaseParams,
        body: schemas.bulkGetBody,
        response: { 200: schemas.bulkGetAnswer },
      },
    },
    async (request, reply) => {
      const { view } = await reach(request);
      // Already JSON, put together by PostgreSQL: sent as it is.
      return reply.type('application/json').send(await bulkGetJson(ctx.db, view, request.body.docs));
    },
  );
}

function pushRoute(app: FastifyInstance, ctx: AppContext, reach: Reach): void {
  app.post<{ Params: Params; Body: { docs: ReplicatedDoc[] } }>(
    '/sync/db/:db/_bulk_docs',
    {
      config: {
        permission: needsFlagMobile('can_add_document'),
        audit: audited('submit'),
        errors: {
          codes: { 403: ['SYNC_READ_ONLY'], 404: ['SYNC_DATABASE_NOT_FOUND'] },
          notes: { 403: 'SYNC_READ_ONLY: a program database' },
        },
      },
      // Up to 500 documents with their answers (a text answer may hold 10,000 characters).
      bodyLimit: 32 * 1024 * 1024,
      schema: {
        tags: TAGS,
        summary:
          "Push replicated revisions (new_edits: false) to one's own documents database: each new document passes the checks of POST /document; a refused one is answered forbidden, with a status document saying why",
        params: schemas.databaseParams,
        body: schemas.bulkDocsBody,
        response: { 201: schemas.bulkDocsAnswer },
      },
    },
    async (request, reply) => {
      const opened = await reach(request);
      if (!opened.writable) throw problems.syncReadOnly();
      const push = {
        db: ctx.db,
        files: ctx.files,
        caller: request.sessionUser!,
        change: changeContextOf(request),
        now: () => ctx.config.clock.now(),
      };
      return reply.status(201).send(await pushDocuments(push, request.body.docs));
    },
  );
}
