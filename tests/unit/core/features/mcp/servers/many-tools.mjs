// A hostile MCP server for unit tests (stdio): it lists a huge tool list over pages (by default
// 50 pages of 4,000 tools, 200,000 in all), as finding 33 of the attack pass did.
// Arguments: total tools, tools a page, the characters of each tool's description, and `odd` to list
// first a tool with a 200-character name, one with a 100 KB schema and one with a 20,000-character
// description.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [total = 200_000, perPage = 4_000, descriptionChars = 40] = process.argv
  .slice(2, 5)
  .map(Number);
const odd = process.argv[5] === 'odd';

const ODD_TOOLS = [
  { name: 'n'.repeat(200), inputSchema: { type: 'object' } },
  {
    name: 'big_schema',
    inputSchema: { type: 'object', description: 'x'.repeat(100 * 1024) },
  },
  { name: 'long_description', description: 'd'.repeat(20_000), inputSchema: { type: 'object' } },
];

let pagesAsked = 0;

function tool(i) {
  return {
    name: `tool_${i}`,
    description: `Tool ${i}. `.padEnd(descriptionChars, 'x'),
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: `the text of tool ${i}` } },
    },
  };
}

const server = new Server({ name: 'many', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  pagesAsked++;
  const start = Number(request.params?.cursor ?? 0);
  const end = Math.min(total, start + perPage);
  const tools = [];
  if (odd && start === 0) tools.push(...ODD_TOOLS);
  for (let i = start; i < end; i++) tools.push(tool(i));
  return end < total ? { tools, nextCursor: String(end) } : { tools };
});
// pages: how many list pages it was asked for so far.
server.setRequestHandler(CallToolRequestSchema, async () => ({
  content: [{ type: 'text', text: `pages ${pagesAsked}` }],
}));
await server.connect(new StdioServerTransport());
