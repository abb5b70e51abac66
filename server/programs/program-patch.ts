/**
 * PATCH /program/{id}, its two bodies: the form (multipart, the add form's fields and an optional
 * new image) and JSON (status, modules, whole lists of heads, team and types). Both are changes
 * to the program itself (program-kit.ts `edit`: 404, 423 while locked, 403 outside the window).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { writeWithStoredFile } from '../uploads/stored-file-write.ts';
import { ALWAYS_EDIT_FLAG, TEAM_FLAG, TYPES_FLAG } from './program-flags.ts';
import { readDetails } from './program-details.ts';
import { assertKeepsAHead, assertPeople, assertTypesExist, HEAD_REQUIRED } from './program-checks.ts';
import { nameTakenProblem, updateDetails, updateLists, type ListsChange } from './program-writes.ts';
import { TYPE_LIST_NAMES } from './program-lists.ts';
import { editAction } from './program-changes.ts';
import type { ProgramKit } from './program-kit.ts';

export type PatchBody = ListsChange & { _id?: string };
type PatchRequest = FastifyRequest<{ Params: { id: string }; Body: PatchBody }>;

interface StoredLists {
  program_head: string[];
  teams: string[];
}

const storedLists = async (trx: Db, id: string): Promise<StoredLists> =>
  (await trx.selectFrom('programs').select(['program_head', 'teams']).where('id', '=', id).executeTakeFirstOrThrow()) as StoredLists;

/** The form: any of its fields (program_head not empty) and an optional new image, which replaces the old one once committed. */
export async function changeDetails(kit: ProgramKit, request: PatchRequest) {
  const { id } = request.params;
  const { details, photo } = await readDetails(request, 'update');
  if (!Object.keys(details).length && !photo) throw problems.validation({ name: 'Send at least one field to change' });
  const newPhoto = photo ? await kit.storePhoto(photo) : undefined;
  let replaced: string | null | undefined;
  const change = () =>
    kit.edit(request, id, async (trx, guarded) => {
      assertMayChangeWindow(request, guarded.no_of_days_for_edit_program, details.no_of_days_for_edit_program);
      if (details.program_head) {
        const current = await storedLists(trx, id);
        await assertPeople(trx, { program_head: details.program_head.filter((u) => !current.program_head.includes(u)) });
      }
      ({ replacedPhoto: replaced } = await updateDetails(trx, id, { ...details, photo: newPhoto }, kit.now()));
    });
  try {
    return await writeWithStoredFile(newPhoto, kit.removePhoto, async () => ({ answer: await change(), replaced }));
  } catch (err) {
    throw nameTakenProblem(err);
  }
}

/** JSON: the status, modules (merged), or whole lists; a list also needs the flag of its own route. */
export async function changeLists(kit: ProgramKit, request: PatchRequest) {
  // Fastify parses text/plain too (to a string), and a body without a type reaches here unparsed.
  if (!isJson(request)) throw problems.unsupportedMediaType('JSON (application/json) or a form (multipart/form-data)');
  const { _id: _ignored, ...change } = request.body ?? {};
  if (!Object.keys(change).length) throw problems.validation({ status: 'Send at least one field to change' });
  if (change.program_head && !change.program_head.length) throw problems.validation({ program_head: HEAD_REQUIRED });
  // Whole lists are the team's and the types' business: the same flags as their own routes.
  const holds = (flag: string) => request.sessionUser!.permission[flag] === true;
  if ((change.teams || change.program_head) && !holds(TEAM_FLAG)) throw problems.forbidden(TEAM_FLAG);
  if (TYPE_LIST_NAMES.some((list) => change[list]) && !holds(TYPES_FLAG)) throw problems.forbidden(TYPES_FLAG);
  return kit.edit(request, request.params.id, async (trx) => {
    await assertListsChange(trx, request.params.id, change);
    await updateLists(trx, request.params.id, change, kit.now());
    return { action: editAction };
  });
}

/** The lists as they will be: people fit for their place, never both head and member, a head left, types that exist. */
async function assertListsChange(trx: Db, id: string, change: ListsChange): Promise<void> {
  const current = await storedLists(trx, id);
  // Heads already heads passed the check when they became heads; one coming from the team is
  // checked now as a head (active, not the built-in admin), as the team route checks them.
  const newHeads = change.program_head?.filter((u) => !current.program_head.includes(u));
  const newMembers = change.teams?.filter((u) => !current.program_head.includes(u) && !current.teams.includes(u));
  await assertPeople(trx, { program_head: newHeads, teams: newMembers });
  if (change.program_head && change.teams && change.program_head.some((u) => change.teams!.includes(u)))
    throw problems.validation({ teams: 'A user is either a program head or a team member, not both' });
  const headsAfter = change.program_head ?? current.program_head.filter((u) => !change.teams?.includes(u));
  assertKeepsAHead(current.program_head, headsAfter);
  for (const list of TYPE_LIST_NAMES) if (change[list]) await assertTypesExist(trx, list, change[list]);
}

/**
 * A role bound by the editing window must not stretch it from inside (36500 days); only a role
 * that may edit whenever it likes changes it on an existing program. Sending the value it has is no change.
 */
function assertMayChangeWindow(request: FastifyRequest, days: number, sent: number | undefined): void {
  if (sent === undefined || sent === days || request.sessionUser!.permission[ALWAYS_EDIT_FLAG] === true) return;
  throw problems.forbidden(ALWAYS_EDIT_FLAG, `Only a role with ${ALWAYS_EDIT_FLAG} may change the days a program stays editable`);
}

function isJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
