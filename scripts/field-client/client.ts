/**
 * The field client (run by main.ts): a small mobile app on the command line, built on PouchDB as a real app is,
 * and the reference for app developers (docs/offline-sync.md). It signs in as a mobile user,
 * pulls their documents database and their program's, fills documents from the program's forms
 * with valid random answers while offline, pushes them, and says what happened to each.
 *
 *   npm run field-client -- --user EMAIL --password PASSWORD --program ID [--count 5] [--step all]
 *
 * --step pull | fill | push | all (the default: the three in turn). Its database is kept in a
 * file (--db, ./field-client.json by default), so it works offline: pull, stop the servers, fill,
 * start them again, push — nothing is lost or sent twice. --auth and --api name the servers
 * (FIELDBASE_AUTH_URL, FIELDBASE_API_URL; localhost:8081 and :8082 by default).
 */
import { Random } from '../../server/demo/random.ts';
import { PouchDB } from './pouchdb.ts';
import { openDevice, saveDevice, type Device } from './device-file.ts';
import { fillDocuments } from './fill.ts';

export interface FieldClientOptions {
  user?: string;
  password?: string;
  program?: string;
  count: number;
  step: string;
  db: string;
  auth: string;
  api: string;
  seed: number;
}

interface Session {
  token: string;
  userId: string;
}

type Log = (line: string) => void;

export async function runFieldClient(options: FieldClientOptions, log: Log = console.log): Promise<void> {
  const device = await openDevice(options.db);
  const steps = options.step === 'all' ? ['pull', 'fill', 'push'] : [options.step];
  let session: Session | undefined;
  const online = async () => (session ??= await signIn(options));
  try {
    for (const step of steps) {
      if (step === 'pull') await pull(device, await online(), options, log);
      else if (step === 'push') await push(device, await online(), options, log);
      else if (step === 'fill') {
        const made = await fillDocuments(device.programs, device.documents, {
          programId: options.program,
          count: options.count,
          random: new Random(options.seed),
        });
        log(`filled ${made.length} documents offline: ${made.join(', ')}`);
      } else throw new Error(`No step ${step}: pull, fill, push or all`);
    }
  } finally {
    log(`kept ${await saveDevice(device, options.db)} revisions in ${options.db}`);
  }
}

async function signIn(options: FieldClientOptions): Promise<Session> {
  if (!options.user || !options.password) throw new Error('--user and --password are needed to reach the server');
  const res = await fetch(`${options.auth}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.user, password: options.password, client: 'mobile' }),
  });
  const body = (await res.json()) as { token?: string; user?: { _id: string }; message?: string };
  if (!res.ok || !body.token || !body.user) throw new Error(`Sign-in refused (${res.status}): ${body.message ?? 'no message'}`);
  return { token: body.token, userId: body.user._id };
}

const remote = (session: Session, options: FieldClientOptions, name: string) =>
  new PouchDB(`${options.api}/sync/db/${name}`, {
    skip_setup: true,
    fetch: (url, init) => {
      init.headers.set('Authorization', `Bearer ${session.token}`);
      return PouchDB.fetch(url, init);
    },
  });

async function pull(device: Device, session: Session, options: FieldClientOptions, log: Log): Promise<void> {
  const mine = await device.documents.replicate.from(remote(session, options, `user-${session.userId}`));
  log(`pulled user-${session.userId}: ${mine.docs_written} documents`);
  const profile = await device.documents.get<{ programs: { id: string; database: string; name: string }[] }>('fieldbase-profile');
  const programs = profile.programs.filter((p) => !options.program || p.id === options.program);
  if (options.program && programs.length === 0)
    throw new Error(`Program ${options.program} is not in your profile: you are not on its team`);
  // One program per device file: each program database has its own `program` document.
  if (programs.length > 1) {
    throw new Error(`You are on several programs: name one with --program (${programs.map((p) => `${p.id}: ${p.name}`).join('; ')})`);
  }
  for (const program of programs) {
    const pulled = await device.programs.replicate.from(remote(session, options, program.database));
    log(`pulled ${program.database} (${program.name}): ${pulled.docs_written} documents`);
  }
}

async function push(device: Device, session: Session, options: FieldClientOptions, log: Log): Promise<void> {
  const pushed = await device.documents.replicate.to(remote(session, options, `user-${session.userId}`));
  log(`pushed: ${pushed.docs_written} documents stored, ${pushed.doc_write_failures} refused`);
  // The refusals' reasons come back as status documents.
  await device.documents.replicate.from(remote(session, options, `user-${session.userId}`));
  for (const row of (await device.documents.allDocs({ include_docs: true })).rows) {
    const doc = row.doc as { status?: string; local_id?: string; reason?: string; fields?: Record<string, string> } | undefined;
    if (row.id.startsWith('fieldbase-status:') && doc?.status === 'refused') {
      const fields = doc.fields && Object.keys(doc.fields).length ? ` ${JSON.stringify(doc.fields)}` : '';
      log(`  refused ${doc.local_id}: ${doc.reason}${fields}`);
    }
  }
}
