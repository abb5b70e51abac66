/**
 * The program calls react-admin's CRUD does not cover (spec 2 §7): add and edit are multipart
 * (text fields, the head list as JSON, the image), the detail reads the full program, and lock,
 * modules, types, team, goals and notifications each have a call of their own. The program list
 * goes through react-admin (`useGetList('program')`, served at program/programList); type
 * records through their generic resources (`beneficiary_type`, …).
 */
import type { RaRecord } from 'react-admin';
import type { Goal, Notification, Program } from '@model/generated';
import { serverUrl } from '../config/runtime-config';
import { downloadWithSession, fetchWithSession, type HttpOptions } from './http-client';
import { withId, type WireRecord } from './wire-records';

export type ProgramRecord = Program & WireRecord & RaRecord;
export type GoalRecord = Goal & WireRecord & RaRecord;
export type NotificationRecord = Notification & WireRecord & RaRecord;

export const PROGRAM_MODULES = ['beneficiaries', 'locations', 'events', 'cases', 'surveys', 'permission'] as const;
export type ProgramModule = (typeof PROGRAM_MODULES)[number];

export const TYPE_LISTS = ['beneficiary_types', 'location_types', 'event_types', 'survey_types', 'case_types', 'permission_files'] as const;
export type TypeList = (typeof TYPE_LISTS)[number];

export const DOCUMENT_TYPES = ['BENEFICIARY', 'LOCATION', 'EVENT', 'SURVEY', 'CASE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A user as team lists show one. */
export interface TeamMember {
  _id: string;
  first_name: string;
  last_name: string;
  photo?: string | null;
  designation?: { _id: string; name: string } | null;
}

/** A type record as the full program carries it. */
export type TypeRecord = WireRecord & { name: string; plural_name?: string; description?: string; form?: string | null };

/**
 * GET program/{id}/full: the program with its people and type records in place of their ids.
 * (Omit works on Program itself: on ProgramRecord, whose index signatures make every key a
 * string, it would keep none of the program's fields.)
 */
export type FullProgram = Omit<Program, 'program_head' | 'teams' | TypeList | 'goals'> &
  WireRecord &
  RaRecord & {
    program_head: TeamMember[];
    teams: TeamMember[];
    goals: GoalRecord[];
  } & Record<TypeList, TypeRecord[]>;

/** The add and edit form's fields (multipart). */
export interface ProgramDetails {
  name: string;
  description: string;
  no_of_days_for_edit_program: number;
  program_head: string[];
  documentVisible: 'ALL' | 'OWN';
  /** A new image, when one was chosen. */
  photo?: File;
}

/** GET goal/{programId}/obj: the program's goals and the types a goal may count. */
export interface GoalOptions {
  goals: GoalRecord[];
  types: Record<DocumentType, Array<{ _id: string; name: string }>>;
}

export interface GoalInput {
  program_id: string;
  document_type: DocumentType;
  goal_type: string;
  target: number;
  isPinned?: boolean;
}

export interface ProgramCalls {
  getFullProgram(id: string): Promise<FullProgram>;
  getProgramModules(
    id: string,
  ): Promise<{ _id: string; teams: string[]; program_head: string[]; active_module: Record<ProgramModule, boolean> }>;
  createProgram(details: ProgramDetails): Promise<ProgramRecord>;
  updateProgram(id: string, details: Partial<ProgramDetails>): Promise<ProgramRecord>;
  /** PATCH program/{id} as JSON: status (activate/deactivate). */
  setProgramStatus(id: string, status: boolean): Promise<ProgramRecord>;
  toggleProgramLock(id: string): Promise<{ _id: string; lockProgram: 0 | 1 }>;
  setModuleStatus(id: string, module: ProgramModule, status: boolean): Promise<ProgramRecord>;
  attachType(id: string, list: TypeList, typeId: string): Promise<ProgramRecord>;
  detachType(id: string, list: TypeList, typeId: string): Promise<ProgramRecord>;
  addTeamMember(id: string, user: string, isProgramHead: boolean): Promise<ProgramRecord>;
  setProgramHead(id: string, user: string, isProgramHead: boolean): Promise<ProgramRecord>;
  removeTeamMember(id: string, user: string): Promise<ProgramRecord>;
  getGoalOptions(programId: string): Promise<GoalOptions>;
  createGoal(goal: GoalInput): Promise<GoalRecord>;
  updateGoal(id: string, changes: Partial<Omit<GoalInput, 'program_id'>>): Promise<GoalRecord>;
  deleteGoal(id: string): Promise<GoalRecord>;
  getNotifications(programId: string): Promise<NotificationRecord[]>;
  sendNotification(programId: string, title: string, body: string): Promise<NotificationRecord>;
  updateNotification(id: string, changes: { title?: string; body?: string }): Promise<NotificationRecord>;
  deleteNotification(id: string): Promise<NotificationRecord>;
  /** POST/PATCH permission (multipart name and file; the file only when replaced on edit). */
  savePermissionFile(name: string, file: File | undefined, id?: string): Promise<RaRecord>;
  downloadPermissionFile(id: string): Promise<Blob>;
}

const api = (path: string) => `${serverUrl('api')}/${path}`;
const enc = (value: string) => encodeURIComponent(value);
const json = (method: string, body?: unknown): HttpOptions => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

async function record<T extends object>(path: string, init?: HttpOptions): Promise<T & RaRecord> {
  const answer = await fetchWithSession<T & WireRecord>(api(path), init);
  return withId(answer.json) as T & RaRecord;
}

function detailsBody(details: Partial<ProgramDetails>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(details)) {
    if (value === undefined) continue;
    if (value instanceof File) body.append(key, value, value.name);
    else body.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  return body;
}

export const programCalls: ProgramCalls = {
  getFullProgram: (id) => record<FullProgram>(`program/${enc(id)}/full`),
  async getProgramModules(id) {
    return (await fetchWithSession<Awaited<ReturnType<ProgramCalls['getProgramModules']>>>(api(`program/${enc(id)}/module`))).json;
  },
  createProgram: (details) => record<ProgramRecord>('program', { method: 'POST', body: detailsBody(details) }),
  updateProgram: (id, details) => record<ProgramRecord>(`program/${enc(id)}`, { method: 'PATCH', body: detailsBody(details) }),
  setProgramStatus: (id, status) => record<ProgramRecord>(`program/${enc(id)}`, json('PATCH', { status })),
  async toggleProgramLock(id) {
    return (await fetchWithSession<{ _id: string; lockProgram: 0 | 1 }>(api(`program/change/lock/status/${enc(id)}`), { method: 'PATCH' }))
      .json;
  },
  setModuleStatus: (id, module, status) =>
    record<ProgramRecord>(`program/change/status/module/program/${enc(id)}`, json('PUT', { module, status })),
  attachType: (id, list, typeId) => record<ProgramRecord>(`program/${enc(id)}/types/${list}`, json('POST', { type_id: typeId })),
  detachType: (id, list, typeId) => record<ProgramRecord>(`program/${enc(id)}/types/${list}/${enc(typeId)}`, json('DELETE')),
  addTeamMember: (id, user, isProgramHead) =>
    record<ProgramRecord>(`program/${enc(id)}/team`, json('POST', { user, is_program_head: isProgramHead })),
  setProgramHead: (id, user, isProgramHead) =>
    record<ProgramRecord>(`program/${enc(id)}/team/${enc(user)}`, json('PATCH', { is_program_head: isProgramHead })),
  removeTeamMember: (id, user) => record<ProgramRecord>(`program/${enc(id)}/team/${enc(user)}`, json('DELETE')),
  async getGoalOptions(programId) {
    const { goals, types } = (await fetchWithSession<GoalOptions>(api(`goal/${enc(programId)}/obj`))).json;
    return { goals: goals.map((g) => withId(g)), types };
  },
  createGoal: (goal) => record<GoalRecord>('goal', json('POST', goal)),
  updateGoal: (id, changes) => record<GoalRecord>(`goal/${enc(id)}`, json('PATCH', changes)),
  deleteGoal: (id) => record<GoalRecord>(`goal/${enc(id)}`, json('DELETE')),
  async getNotifications(programId) {
    const answer = await fetchWithSession<NotificationRecord[]>(api(`notification/all/${enc(programId)}`));
    return answer.json.map((n) => withId(n));
  },
  sendNotification: (program, title, body) => record<NotificationRecord>('notification/add', json('POST', { title, body, program })),
  updateNotification: (id, changes) => record<NotificationRecord>(`notification/update/${enc(id)}`, json('PATCH', changes)),
  deleteNotification: (id) => record<NotificationRecord>(`notification/delete/${enc(id)}`, json('DELETE')),
  savePermissionFile(name, file, id) {
    const body = new FormData();
    body.append('name', name);
    if (file) body.append('file', file, file.name);
    return record<WireRecord>(id ? `permission/${enc(id)}` : 'permission', { method: id ? 'PATCH' : 'POST', body });
  },
  downloadPermissionFile: (id) => downloadWithSession(api(`permission/${enc(id)}/file`), '*/*'),
};
