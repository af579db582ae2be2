// Which MCP server addresses lead to this computer or a private network (an imported one waits for the person's yes).
import { describe, expect, it } from 'vitest';
import { addressKind, type Resolve } from '../../../../../electron/core/features/mcp/local-address';

const names: Record<string, string[]> = {
  'intranet.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '::1'],
  'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'v6.example': ['fd12:3456::1'],
};
const resolve: Resolve = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found;
};

describe('addressKind', () => {
  it.each([
    ['http://127.0.0.1:3000/mcp', 'loopback'],
    ['http://127.9.9.9/', 'loopback'],
    ['http://[::1]:8080/mcp', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0.0.0.0:8080/', 'loopback'],
    ['http://localhost/mcp', 'loopback'],
    ['http://LOCALHOST./mcp', 'loopback'],
    ['http://api.localhost/mcp', 'loopback'],
    ['http://10.1.2.3/mcp', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.10/', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'private'],
    ['https://[fd00::1]/', 'private'],
    ['https://[fe80::1]/', 'private'],
    ['http://172.15.0.1/', null],
    ['http://172.32.0.1/', null],
    ['https://93.184.216.34/mcp', null],
  ])('%s is %s', async (url, kind) => {
    expect(await addressKind(url, resolve)).toBe(kind);
  });

  it('follows a name to every address it resolves to', async () => {
    expect(await addressKind('https://intranet.example/mcp', resolve)).toBe('private');
    expect(await addressKind('https://mixed.example/mcp', resolve)).toBe('loopback');
    expect(await addressKind('https://v6.example/mcp', resolve)).toBe('private');
    expect(await addressKind('https://public.example/mcp', resolve)).toBeNull();
  });

  it('counts a name it cannot look up, or not in time, as unresolved', async () => {
    expect(await addressKind('https://nowhere.example/mcp', resolve)).toBe('unresolved');
    const never: Resolve = () => new Promise(() => undefined);
    expect(await addressKind('https://slow.example/mcp', never, 20)).toBe('unresolved');
  });
});
