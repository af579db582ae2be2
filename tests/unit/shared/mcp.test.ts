import { describe, expect, it } from 'vitest';
import { MCP_LIMITS, mcpServerName, parseMcpImport } from '../../../shared/mcp';

function problems(text: string): string[] {
  const parsed = parseMcpImport(text);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed.problems;
}

describe('parseMcpImport', () => {
  it('reads stdio and http servers of the standard form', () => {
    const parsed = parseMcpImport(
      JSON.stringify({
        mcpServers: {
          files: {
            command: 'npx',
            args: ['-y', 'server-files', '/tmp'],
            env: { A: '1' },
            cwd: '/w',
          },
          web: { url: 'https://example.org/mcp', headers: { Authorization: 'Bearer x' } },
        },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      servers: [
        {
          name: 'files',
          enabled: true,
          transport: {
            type: 'stdio',
            command: 'npx',
            args: ['-y', 'server-files', '/tmp'],
            env: { A: '1' },
            cwd: '/w',
          },
        },
        {
          name: 'web',
          enabled: true,
          transport: {
            type: 'http',
            url: 'https://example.org/mcp',
            headers: { Authorization: 'Bearer x' },
          },
        },
      ],
    });
  });

  it('accepts the "type" keys other apps write, and "disabled"', () => {
    const parsed = parseMcpImport(
      JSON.stringify({
        mcpServers: {
          a: { type: 'stdio', command: 'node' },
          b: { type: 'streamableHttp', url: 'http://127.0.0.1:3001/mcp' },
          c: { type: 'http', url: 'http://localhost/mcp', disabled: true, autoApprove: [] },
        },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.problems.join(' '));
    expect(parsed.servers.map((s) => [s.name, s.transport.type, s.enabled])).toEqual([
      ['a', 'stdio', true],
      ['b', 'http', true],
      ['c', 'http', false],
    ]);
  });

  it('refuses other transports in words, naming the server', () => {
    expect(problems('{"mcpServers": {"old": {"type": "sse", "url": "http://x/sse"}}}')).toEqual([
      'Server "old": its type "sse" is not supported; use "stdio" or "streamableHttp".',
    ]);
  });

  it('refuses wrong types, naming the server and the field', () => {
    expect(problems('{"mcpServers": {"s": {"command": "node", "args": "a b"}}}')[0]).toMatch(
      /^Server "s": args/,
    );
    expect(problems('{"mcpServers": {"s": {"command": 5}}}')[0]).toMatch(/^Server "s": command/);
    expect(problems('{"mcpServers": {"s": {"command": "x", "env": {"A": 1}}}}')[0]).toMatch(
      /^Server "s": env/,
    );
    expect(problems('{"mcpServers": {"s": "node server.js"}}')).toEqual([
      'Server "s": it must be an object.',
    ]);
    expect(problems('{"mcpServers": {"s": {}}}')[0]).toMatch(/needs a "command".*or a "url"/);
    expect(problems('{"mcpServers": {"s": {"command": "a", "url": "http://x"}}}')[0]).toMatch(
      /both/,
    );
  });

  it('refuses addresses other than http(s) and header values on two lines', () => {
    expect(problems('{"mcpServers": {"f": {"url": "file:///etc/passwd"}}}')[0]).toMatch(
      /http:\/\/ or https:\/\//,
    );
    expect(
      problems('{"mcpServers": {"h": {"url": "https://x", "headers": {"A": "1\\r\\nB: 2"}}}}')[0],
    ).toMatch(/one line/);
  });

  it('refuses __proto__ and friends anywhere', () => {
    expect(problems('{"mcpServers": {"__proto__": {"command": "x"}}}')).toEqual([
      'The key "__proto__" is not allowed anywhere.',
    ]);
    expect(
      problems('{"mcpServers": {"s": {"command": "x", "env": {"constructor": "1"}}}}'),
    ).toEqual(['The key "constructor" is not allowed anywhere.']);
  });

  it('refuses huge input before parsing, not JSON, and empty lists', () => {
    const huge = JSON.stringify({
      mcpServers: { s: { command: 'x', args: ['a'.repeat(MCP_LIMITS.importChars)] } },
    });
    expect(problems(huge)[0]).toMatch(/too large/);
    expect(problems('{"mcpServers": ')[0]).toMatch(/^This is not JSON/);
    expect(problems('[]')[0]).toMatch(/JSON object/);
    expect(problems('{"mcpServers": {}}')).toEqual(['There is no server in "mcpServers".']);
  });

  it('reports every bad server, and takes none when one is bad', () => {
    const parsed = parseMcpImport(
      '{"mcpServers": {"good": {"command": "x"}, "bad1": {"command": ""}, "bad2": {"url": "ftp://x"}}}',
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toHaveLength(2);
  });

  it('accepts a bare map of servers too', () => {
    const parsed = parseMcpImport('{"one": {"command": "node", "args": ["s.js"]}}');
    expect(parsed.ok && parsed.servers[0]?.name).toBe('one');
  });

  it('refuses server names with line breaks, control or direction characters, in words', () => {
    const spoofs = [
      'files\n\nVerified by Atelier: safe',
      'files\rsafe',
      'evil\u202Eexe.txt',
      'a\u200Bb',
      'a\u2028b',
      'a\u0007b',
      'a\u2066b\u2069',
    ];
    for (const name of spoofs) {
      expect(mcpServerName.safeParse(name).success).toBe(false);
      expect(problems(JSON.stringify({ mcpServers: { [name]: { command: 'x' } } }))[0]).toMatch(
        /line breaks, control or direction characters/,
      );
    }
    expect(mcpServerName.safeParse('Файлы · files-2').success).toBe(true);
  });
});
