/**
 * S3_URL read into what the S3 client needs: https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…].
 * Apart from the SDK, so that the settings can check the address without loading it.
 */
export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  /** Put before every key ('' or ending in '/'). */
  prefix: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Reads S3_URL; throws a sentence naming what is wrong. */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`S3_URL is not an address: expected https://KEY:SECRET@host/bucket`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`S3_URL must start with https:// or http://, got "${url.protocol}"`);
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('S3_URL names no bucket: expected https://KEY:SECRET@host/bucket');
  const credentials =
    url.username || url.password
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
  return {
    endpoint: `${url.protocol}//${url.host}`,
    // Amazon's regional hosts name their region (s3.eu-west-1.amazonaws.com); other stores take any.
    region: url.searchParams.get('region') ?? /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1] ?? 'us-east-1',
    bucket,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    ...(credentials ? { credentials } : {}),
  };
}
