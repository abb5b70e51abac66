/**
 * POST /document: a submission from the mobile app. Its local_id makes a retry safe: the same
 * local_id again by the same user answers the stored document and writes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/database.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import { problems } from '../http/errors.ts';
import { audited } from '../changes/audit-declaration.ts';
import { needsFlagMobile } from '../http/permissions.ts';
import { loadDocument } from './document-read.ts';
import { submitInOneStatement } from './one-statement-submission.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { checkSubmission, SubmissionReads } from './document-checks.ts';
import { attachmentAnswers } from './document-answers.ts';
import { claimAttachments } from './document-attachments.ts';
import { recordSubmitted } from './document-changes.ts';
import { documentByLocalId, insertDocument, type NewDocument } from './document-store.ts';
import { oneDocument, submitBody } from './document-schemas.ts';
import { DOCUMENT_TAGS, type DocumentKit } from './document-route-kit.ts';

/** Thrown inside a submission's transaction when its local id was taken meanwhile: rolls it back. */
export class LocalIdRace extends Error {}

export function submitRoute(app: FastifyInstance, kit: DocumentKit): void {
  const { db } = kit;
  app.post<{ Body: NewDocument }>(
    '/document',
    {
      config: {
        permission: needsFlagMobile('can_add_document'),
        audit: audited('submit'),
        errors: {
          codes: {
            403: ['NOT_ON_PROGRAM'],
            409: ['LOCAL_ID_TAKEN', 'PROGRAM_INACTIVE', 'MODULE_INACTIVE'],
            422: ['INVALID_DOCUMENT'],
            423: ['PROGRAM_LOCKED'],
          },
          notes: {
            400: 'An answer the revision refuses, or a key that is no field of it, named in `fields`',
            409: "LOCAL_ID_TAKEN: another user's document has this local_id",
            422: "INVALID_DOCUMENT: no such program, a type not attached to the module, or a revision that is not of the type's form; `fields` names which",
          },
        },
      },
      schema: {
        tags: DOCUMENT_TAGS,
        summary:
          'Submit a document: 201 with it; the same local_id again by the same user answers 200 with the stored one (header Idempotent-Replay: true) and writes nothing',
        body: submitBody,
        response: { 200: oneDocument, 201: oneDocument },
      },
    },
    async (request, reply) => {
      const caller = request.sessionUser!;
      const body = request.body;
      // The document this user already submitted under the local_id (another user's: 409). It
      // is answered by the caller, never sent here: a reply is thenable, so returning a sent one
      // through `await` would read as "nothing held" and the handler would go on to send again.
      const earlierSubmission = async () => {
        const held = await documentByLocalId(db, body.local_id);
        if (!held) return undefined;
        if (held.created_by !== caller.id) throw problems.localIdTaken();
        return loadDocument(db, held.id);
      };
      const answerReplay = (stored: Awaited<ReturnType<typeof loadDocument>>) =>
        reply.status(200).header('Idempotent-Replay', 'true').send(stored);
      // The plain case in one statement; anything else (a refusal, a retry, files) in the transaction below.
      const submitted = await submitInOneStatement(db, caller, body, changeContextOf(request), kit.now());
      if (submitted) return reply.status(201).send(submitted);
      const earlier = await earlierSubmission();
      if (earlier) return answerReplay(earlier);
      try {
        // A replay (answered above, or the race below) rolls back or never writes: it records nothing.
        const id = await kit.write(request, (trx, changes) => insertSubmission(trx, changes, caller, body, kit.now));
        return reply.status(201).send(await loadDocument(db, id));
      } catch (err) {
        if (!(err instanceof LocalIdRace)) throw err;
        // Another submission of the same local_id won the insert: answer the stored one. When the
        // winner was deleted meanwhile, nothing of either is stored and trying again submits it.
        const stored = await earlierSubmission();
        if (!stored) throw problems.tryAgain();
        return answerReplay(stored);
      }
    },
  );
}

/**
 * The submission's checks, its row, its files claimed and its change recorded; answers its id
 * (also a document pushed by a device's offline database, sync/document-push.ts).
 */
export async function insertSubmission(
  trx: Db,
  changes: ChangeSet,
  caller: SessionUser,
  body: NewDocument,
  now: () => Date,
): Promise<string> {
  const revision = await checkSubmission(new SubmissionReads(trx), caller, body);
  const inserted = await insertDocument(trx, body, caller.id, now());
  if (!inserted) throw new LocalIdRace();
  const files = await claimAttachments(trx, caller.id, inserted, attachmentAnswers(revision.structures, body.form_data));
  recordSubmitted(changes, inserted, body, caller.id, files.named);
  return inserted;
}
