// Which user a loopback connection comes from (Linux: /proc/net/tcp and tcp6), so the web host serves its bridge and media only to the user who started it.
import { readFile } from 'node:fs/promises';
import { isIPv4, isIPv6 } from 'node:net';

/** The two ends of a TCP connection as the host's socket sees them. */
export interface ConnectionEnds {
  remoteAddress?: string;
  remotePort?: number;
  localAddress?: string;
  localPort?: number;
}

/** An address as 16 bytes (IPv4 as ::ffff:a.b.c.d), or null when it is not one. */
function bytesOf(address: string): Buffer | null {
  const plain =
    address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(plain))
    return Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...plain.split('.').map(Number)]);
  if (!isIPv6(plain)) return null;
  const [head = '', tail = ''] = plain.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = plain.includes('::') ? groups(tail) : [];
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (all.length !== 8) return null;
  return Buffer.from(all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}

/**
 * An address of /proc/net/tcp{,6} ("0100007F:1F90": each 32-bit word in the kernel's little-endian
 * order, the port big-endian) as 16 bytes and a port.
 */
function procEnd(text: string): { bytes: Buffer; port: number } | null {
  const [hex = '', portHex = ''] = text.split(':');
  if (!/^[0-9A-Fa-f]+$/.test(hex) || (hex.length !== 8 && hex.length !== 32)) return null;
  const raw = Buffer.from(hex, 'hex');
  for (let i = 0; i < raw.length; i += 4) raw.subarray(i, i + 4).reverse();
  const bytes =
    raw.length === 4 ? Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...raw]) : raw;
  return { bytes, port: parseInt(portHex, 16) };
}

/**
 * The uid owning the socket at the other end of `ends` (its local end is our remote one), from
 * the text of /proc/net/tcp and /proc/net/tcp6; null when no line names that connection.
 */
export function peerUidIn(tables: readonly string[], ends: ConnectionEnds): number | null {
  const peer = ends.remoteAddress ? bytesOf(ends.remoteAddress) : null;
  const us = ends.localAddress ? bytesOf(ends.localAddress) : null;
  if (!peer || !us || ends.remotePort === undefined || ends.localPort === undefined) return null;
  for (const table of tables)
    for (const line of table.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = procEnd(fields[1] ?? '');
      const remote = procEnd(fields[2] ?? '');
      const uid = Number(fields[7]);
      if (!local || !remote || !Number.isInteger(uid)) continue;
      if (
        local.port === ends.remotePort &&
        local.bytes.equals(peer) &&
        remote.port === ends.localPort &&
        remote.bytes.equals(us)
      )
        return uid;
    }
  return null;
}

/**
 * Whether a connection may be served: on Linux only when it comes from this process's user (a
 * printed address another local user read, from a browser's command line say, is no way in);
 * elsewhere the system says nothing of a loopback peer, and the single-use address is the guard.
 */
export async function fromThisUser(ends: ConnectionEnds): Promise<boolean> {
  if (process.platform !== 'linux' || typeof process.getuid !== 'function') return true;
  const tables = await Promise.all(
    ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => '')),
  );
  // No table to read (a sandbox hiding /proc): nothing can be told, as on other systems.
  if (tables.every((t) => t === '')) return true;
  return peerUidIn(tables, ends) === process.getuid();
}
