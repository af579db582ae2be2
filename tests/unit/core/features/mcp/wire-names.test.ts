import { describe, expect, it } from 'vitest';
import { wireNames } from '../../../../../electron/core/features/mcp/wire-names';

const WIRE = /^[A-Za-z0-9_-]{1,64}$/;

describe('wireNames', () => {
  it('keeps a tool its own name when no other has it', () => {
    expect(
      wireNames([
        { serverId: '1', serverName: 'files', tool: 'read' },
        { serverId: '2', serverName: 'web', tool: 'fetch' },
      ]),
    ).toEqual(['read', 'fetch']);
  });

  it('prefixes every holder of a shared name with its server', () => {
    expect(
      wireNames([
        { serverId: '1', serverName: 'files', tool: 'search' },
        { serverId: '2', serverName: 'My Web', tool: 'search' },
        { serverId: '2', serverName: 'My Web', tool: 'open' },
      ]),
    ).toEqual(['files__search', 'My_Web__search', 'open']);
  });

  it('cleans characters the wire refuses and cuts long names apart', () => {
    const long = 'x'.repeat(80);
    const names = wireNames([
      { serverId: '1', serverName: 's', tool: 'get.weather/today' },
      { serverId: '1', serverName: 's', tool: `${long}a` },
      { serverId: '1', serverName: 's', tool: `${long}b` },
      { serverId: '1', serverName: 's', tool: 'été' },
    ]);
    expect(names[0]).toBe('get_weather_today');
    for (const n of names) expect(n).toMatch(WIRE);
    expect(new Set(names).size).toBe(4);
  });

  it('numbers the later of two servers with the same name and tool', () => {
    const names = wireNames([
      { serverId: '1', serverName: 'dup', tool: 'x' },
      { serverId: '2', serverName: 'dup', tool: 'x' },
    ]);
    expect(names).toEqual(['dup__x', 'dup__x_2']);
  });

  it('gives the same names for the same tools each time', () => {
    const tools = [
      { serverId: '1', serverName: 'a', tool: 'same' },
      { serverId: '2', serverName: 'b', tool: 'same' },
    ];
    expect(wireNames(tools)).toEqual(wireNames(structuredClone(tools)));
  });
});
