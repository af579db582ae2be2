// Whether an MCP server's address is on this computer or a private network: an imported one there
// waits for the person's yes in Settings before anything (its headers first) is sent to it.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { McpAddressKind } from '../../../../shared/tools';

/** This computer: 127/8, ::1, and 0.0.0.0/8 and ::, which reach it too. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addSubnet('0.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');

/** Private, link-local and shared (carrier) networks, IPv4 and IPv6. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** A name is looked up for at most this long; one that does not answer counts as unresolved. */
const LOOKUP_TIMEOUT_MS = 3000;

/** The addresses a host name stands for (the system's resolver, as fetch would use). */
export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** loopback or private for an IP address (IPv4-mapped IPv6 counts as its IPv4 address), else null. */
export function ipAddressKind(ip: string): Exclude<McpAddressKind, 'unresolved'> | null {
  const family = isIP(ip);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (PRIVATE.check(ip, type)) return 'private';
  return null;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where an http(s) address leads: 'loopback' (this computer: 127/8, ::1, localhost and its
 * subdomains), 'private' (10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, fc00::/7,
 * fe80::/10), 'unresolved' (a name that could not be looked up: it may lead there later), or null
 * for a public address. A name counts by every address it resolves to.
 */
export async function addressKind(
  url: string,
  resolve: Resolve = systemResolve,
  timeoutMs = LOOKUP_TIMEOUT_MS,
): Promise<McpAddressKind | null> {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'unresolved';
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (isIP(host) !== 0) return ipAddressKind(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  const addresses = await withTimeout(
    resolve(host).catch(() => [] as string[]),
    timeoutMs,
  );
  if (!addresses || addresses.length === 0) return 'unresolved';
  const kinds = addresses.map(ipAddressKind);
  if (kinds.includes('loopback')) return 'loopback';
  if (kinds.includes('private')) return 'private';
  return null;
}
