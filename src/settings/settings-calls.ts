/**
 * The calls of the Settings and Support pages, and the organisation's public face (name, logo)
 * that the header and the login page show: read without a session, since the login page is
 * public.
 */
import type { Settings } from '@model/generated';
import { serverUrl } from '../config/runtime-config';
import { fetchAnonymous, fetchWithSession, uploadWithSession } from '../providers/http-client';

export type SettingsChange = Partial<Pick<Settings, 'organisation_name' | 'default_language' | 'time_zone' | 'map_tiles_url'>>;
export type PublicSettings = Pick<Settings, 'organisation_name' | 'default_language' | 'logo'>;

export interface TestMailAnswer {
  sent: boolean;
  to: string;
  via: string;
  reason?: string;
}

export interface SystemHealth {
  version: string;
  database: { bytes: number };
  jobs: { waiting: number; running: number; failed: number };
  disk: { path: string; free_bytes: number; total_bytes: number };
  /** Where uploads and exports are kept: folders on the disk, or 'S3, <address>/<bucket>'. */
  files: { where: string };
}

const auth = (path: string) => `${serverUrl('auth')}/${path}`;

/** The logo's full address (the server answers it relative to the auth server), or undefined. */
export const logoUrl = (logo: string | null | undefined) => (logo ? auth(logo) : undefined);

export const settingsCalls = {
  readPublic: async () => (await fetchAnonymous<PublicSettings>(auth('settings/public'))).json,
  read: async () => (await fetchWithSession<Settings>(auth('settings'))).json,
  update: async (change: SettingsChange) =>
    (await fetchWithSession<Settings>(auth('settings'), { method: 'PATCH', body: JSON.stringify(change) })).json,
  setLogo: async (file: File) => {
    const body = new FormData();
    body.append('logo', file);
    return (await uploadWithSession<Settings>(auth('settings/logo'), { method: 'PUT', body })).json;
  },
  removeLogo: async () => (await fetchWithSession<Settings>(auth('settings/logo'), { method: 'DELETE' })).json,
  sendTestMail: async () => (await fetchWithSession<TestMailAnswer>(auth('settings/test-email'), { method: 'POST' })).json,
  health: async () => (await fetchWithSession<SystemHealth>(`${serverUrl('api')}/support`)).json,
};
