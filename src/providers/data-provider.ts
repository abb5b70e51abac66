/** One data provider for the console: each resource goes to the server the resource map names. */
import { combineDataProviders, type DataProvider } from 'react-admin';
import { resourceEntry } from '../shared/schema-registry';
import { serverUrl } from '../config/runtime-config';
import { createRestProvider } from './rest-provider';

const servers: Record<'auth' | 'api', DataProvider> = {
  auth: createRestProvider(() => serverUrl('auth')),
  api: createRestProvider(() => serverUrl('api')),
};

export const dataProvider: DataProvider = combineDataProviders((resource) => servers[resourceEntry(resource).server]);
