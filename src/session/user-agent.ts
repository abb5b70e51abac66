/** "Chrome (Regular)": the browser's name and whether it looks like a private window (spec 1 §3, §9). */
const INCOGNITO_QUOTA_BYTES = 1.2 * 1024 ** 3;

export function browserName(userAgent: string): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Unknown browser';
}

export async function browserMode(): Promise<'Incognito' | 'Regular'> {
  try {
    const { quota } = await navigator.storage.estimate();
    return quota !== undefined && quota < INCOGNITO_QUOTA_BYTES ? 'Incognito' : 'Regular';
  } catch {
    return 'Regular';
  }
}

export async function describeUserAgent(): Promise<string> {
  return `${browserName(navigator.userAgent)} (${await browserMode()})`;
}
