/**
 * The organisation's name, logo and default language as the header and the login page use them.
 * One query for all (the Settings page refreshes it after a change); until it answers, or if it
 * fails, the product's own name stands in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { logoUrl, settingsCalls } from './settings-calls';

export const PRODUCT_NAME = 'Fieldbase';
const KEY = ['settings', 'public'];

export function useOrganisation(): { name: string; logo?: string; language?: string } {
  const { data } = useQuery({ queryKey: KEY, queryFn: settingsCalls.readPublic, staleTime: 5 * 60_000, retry: false });
  return { name: data?.organisation_name || PRODUCT_NAME, logo: logoUrl(data?.logo), language: data?.default_language };
}

/** After the settings change: the header and login page read them again. */
export function useRefreshOrganisation() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}
