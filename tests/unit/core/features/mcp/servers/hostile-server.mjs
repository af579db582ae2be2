// A hostile MCP server for unit tests (stdio): tools whose schemas carry a catastrophic `pattern`,
// a result of very many parts, and a call that answers only when told to.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** Exponential for a backtracking engine on 'a'.repeat(40) + '!'. */
const HOSTILE = '^(a+)+$';
const ATTACK = 'a'.repeat(40) + '!';

const tools = [
  {
    name: 'match',
    description: 'Its argument has a pattern that backtracks for ever.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', pattern: HOSTILE } },
    },
  },
  {
    name: 'structured',
    description: 'Returns structured content its output schema checks with the same pattern.',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {
      type: 'object',
      properties: { text: { type: 'string', pattern: HOSTILE } },
    },
  },
  {
    name: 'lookahead',
    description: 'A pattern RE2 cannot compile (lookahead).',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', pattern: '^(?=x)x+$' }, count: { type: 'integer' } },
    },
  },
  {
    name: 'huge',
    description: 'Answers with `parts` text parts (200,000 unless told).',
    inputSchema: { type: 'object', properties: { parts: { type: 'integer' } } },
  },
  {
    name: 'slow',
    description: 'Answers after `ms` milliseconds.',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
  },
];

const server = new Server({ name: 'hostile', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'structured':
      return {
        content: [{ type: 'text', text: ATTACK }],
        structuredContent: { text: ATTACK },
      };
    case 'huge': {
      const count = typeof args.parts === 'number' ? args.parts : 200_000;
      return {
        content: Array.from({ length: count }, (_, i) => ({ type: 'text', text: `part ${i}` })),
      };
    }
    case 'slow':
      await new Promise((r) => setTimeout(r, typeof args.ms === 'number' ? args.ms : 1000));
      return { content: [{ type: 'text', text: 'slept' }] };
    default:
      return { content: [{ type: 'text', text: `ran ${request.params.name}` }] };
  }
});
await server.connect(new StdioServerTransport());
