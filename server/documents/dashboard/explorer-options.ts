/** What every Data Explorer route declares: its flag and its OpenAPI tag. */
import { needsFlag } from '../../http/permissions.ts';

export const EXPLORE_FLAG = 'can_explore_data';
export const explore = needsFlag(EXPLORE_FLAG);
export const explorerTags = ['Data Explorer'];
