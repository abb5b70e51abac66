/** Users for the list benchmark, written in one statement: varied names, roles and designations, one shared password hash. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import { hashPassword } from '../../server/auth/passwords.ts';

const FIRST = [
  'Asha',
  'Bilal',
  'Chen',
  'Dara',
  'Elif',
  'Femi',
  'Gita',
  'Hugo',
  'Ines',
  'Jonas',
  'Kiri',
  'Lena',
  'Mateo',
  'Nia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tariq',
];
const LAST = ['Ahmed', 'Berg', 'Costa', 'Dlamini', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski'];

export async function seedUsers(db: Db, count: number): Promise<void> {
  const now = new Date();
  const designations = ['Field Officer', 'Supervisor', 'Data Clerk', 'Coordinator'].map((name) => ({
    id: randomUUID(),
    name,
    status: true,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto('designation').values(designations).execute();
  const roles = (await db.selectFrom('roles').select('id').execute()).map((r) => r.id);
  const passwordHash = await hashPassword('bench user passphrase');
  const users = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return {
      id,
      employeeId: `B-${String(i).padStart(4, '0')}`,
      first_name: FIRST[(i * 7) % FIRST.length]!,
      last_name: `${LAST[i % LAST.length]} ${i}`,
      email: `bench-user-${i}@example.org`,
      mobile: String(9_000_000_000 + i),
      designation_id: designations[i % designations.length]!.id,
      role_id: roles[i % roles.length]!,
      status: i % 10 !== 0,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto('users').values(users).execute();
}
