/**
 * Where a webhook may send: never to the servers' own machine or its link-local neighbours
 * (loopback 127.0.0.0/8 and ::1, link-local 169.254.0.0/16 (cloud metadata lives there) and
 * fe80::/10, the unspecified 0.0.0.0 and ::, multicast, and the cloud metadata addresses
 * fd00:ec2::254 and 100.100.100.200), which would let whoever may add a
 * webhook make the servers call their own private ports (server-side request forgery).
 * WEBHOOK_ALLOW_PRIVATE=on lifts this, for a receiver on the same machine (and the tests).
 * Private networks (10/8, 172.16/12, 192.168/16) stay allowed: an organisation's own systems
 * often live there; keep them apart with the network's own rules.
 *
 * The address is checked when a webhook is saved and again as each delivery connects, on the
 * address the name resolves to then (a name that pointed outside when saved may not point
 * inside later): `guardedLookup` is the lookup the sending socket uses.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
refused.addSubnet('127.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('224.0.0.0', 4, 'ipv4');
refused.addAddress('255.255.255.255', 'ipv4');
refused.addAddress('::1', 'ipv6');
refused.addAddress('::', 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6');
// Cloud metadata services outside the link-local range: AWS's over IPv6, Alibaba's.
refused.addAddress('fd00:ec2::254', 'ipv6');
refused.addAddress('100.100.100.200', 'ipv4');

/** An IPv4 address written inside IPv6 (::ffff:127.0.0.1, or ::ffff:7f00:1 as URLs spell it) is judged as the IPv4 one. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return { address: dotted[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isRefusedAddress(address: string): boolean {
  const { address: a, family } = plain(address);
  return refused.check(a, family);
}

export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is ${address}, an address of this machine or its link: webhooks may not call it (WEBHOOK_ALLOW_PRIVATE=on allows it)`);
  }
}

/** The host of a webhook URL, without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address the host resolves to (a literal answers itself). */
export async function addressesOf(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const found = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
  return found.map((a) => a.address);
}

/** The first address of the host that is refused, if any (as judged: an IPv4 one inside IPv6 written as IPv4). */
export async function refusedAddressOf(host: string): Promise<string | undefined> {
  const refusedOne = (await addressesOf(host)).find(isRefusedAddress);
  return refusedOne && plain(refusedOne).address;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket lookup that fails on a refused address, so the connection is never made. */
export function guardedLookup(allowPrivate: boolean) {
  return (host: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(host, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isRefusedAddress(a.address));
      if (bad) return callback(Object.assign(new RefusedAddress(host, bad.address), { code: 'EREFUSEDADDRESS' }), '');
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
