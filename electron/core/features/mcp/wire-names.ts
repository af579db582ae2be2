// Tool names on the wire: unique across servers, 1-64 of [A-Za-z0-9_-], readable and the same each turn.
import { createHash } from 'node:crypto';

const MAX = 64;

function clean(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return replaced || 'tool';
}

/** Cut to 64 with a short hash of the whole so two long names that share a start stay apart. */
function fit(name: string, whole: string): string {
  if (name.length <= MAX) return name;
  const hash = createHash('sha256').update(whole).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX - 9)}_${hash}`;
}

export interface WireNameInput {
  serverId: string;
  serverName: string;
  tool: string;
}

/**
 * The wire name of each tool, in input order. A tool keeps its own (cleaned) name when no other
 * offered tool has it; otherwise every holder of that name is prefixed with its server's name.
 */
export function wireNames(tools: WireNameInput[]): string[] {
  const plain = tools.map((t) => fit(clean(t.tool), `${t.serverId}\u0000${t.tool}`));
  const count = new Map<string, number>();
  for (const name of plain) count.set(name, (count.get(name) ?? 0) + 1);
  const chosen = tools.map((t, i) =>
    count.get(plain[i]!)! > 1
      ? fit(`${clean(t.serverName)}__${clean(t.tool)}`, `${t.serverId}\u0000${t.tool}`)
      : plain[i]!,
  );
  // Two servers with the same cleaned name and tool: number the later ones.
  const used = new Set<string>();
  return chosen.map((name) => {
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = fit(`${name}_${n}`, `${name}\u0000${n}`);
    used.add(unique);
    return unique;
  });
}
