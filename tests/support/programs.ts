/** Programs for the program tests: added through POST /program as the console does (multipart), people and type records to point at. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './test-server.ts';
import { bearer } from './test-server.ts';
import { multipart, type FieldPart, type FilePart } from './multipart.ts';
import { insertUser } from './test-users.ts';

export interface ProgramAnswer {
  _id: string;
  name: string;
  name_slug: string;
  description: string;
  photo: string | null;
  status: boolean;
  program_head: string[];
  teams: string[];
  no_of_days_for_edit_program: number;
  documentVisible: 'ALL' | 'OWN';
  lockProgram: 0 | 1;
  beneficiary_types: string[];
  location_types: string[];
  event_types: string[];
  survey_types: string[];
  case_types: string[];
  permission_files: string[];
  active_module: Record<string, boolean>;
  created_by: { _id: string; first_name: string; last_name: string } | null;
  created_at: string;
  updated_at: string;
  goals?: Array<Record<string, unknown>>;
}

let serial = 0;

/** The add form's fields (text), with `extra` over them; `photo` as a file part. */
export function programForm(fields: Record<string, string | undefined> = {}, photo?: Buffer) {
  const values: Record<string, string | undefined> = {
    name: `Program ${++serial}`,
    description: 'Clean water for every village',
    no_of_days_for_edit_program: '30',
    documentVisible: 'ALL',
    program_head: '[]',
    ...fields,
  };
  const parts: Array<FieldPart | FilePart> = Object.entries(values)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
  if (photo) parts.push({ name: 'photo', filename: 'program.png', contentType: 'image/png', content: photo });
  return multipart(parts);
}

export function sendForm(
  t: TestServer,
  method: 'POST' | 'PATCH',
  url: string,
  token: string,
  form: { payload: Buffer; headers: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return t.api.app.inject({ method, url, payload: form.payload, headers: { ...bearer(token), ...form.headers } });
}

export async function addProgram(
  t: TestServer,
  token: string,
  fields: Record<string, string | undefined> = {},
  photo?: Buffer,
): Promise<ProgramAnswer> {
  const res = await sendForm(t, 'POST', '/program', token, programForm(fields, photo));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let people = 0;
/** A live, active user of this role. */
export async function person(t: TestServer, roleId: string, opts: { status?: boolean; first_name?: string } = {}): Promise<string> {
  const n = ++people;
  const { id } = await insertUser(t.ctx.db, {
    email: `program-person-${n}@example.com`,
    password: 'program person passphrase',
    roleId,
    status: opts.status,
    first_name: opts.first_name ?? `Person${n}`,
  });
  return id;
}

/** A type record made through its own generic route. */
export async function typeRecord(t: TestServer, token: string, path: string, name: string): Promise<string> {
  const body = path === 'permission' ? { name } : { name, plural_name: `${name}s`, description: `${name} records` };
  const res = await t.api.app.inject({ method: 'POST', url: `/${path}`, headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}
