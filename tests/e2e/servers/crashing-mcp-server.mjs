// A stdio MCP server whose one tool makes the server exit in the middle of the call (tools.spec).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'crasher', version: '1.0.0' });
server.registerTool(
  'crash_now',
  {
    description: 'Starts work, then the server process exits before answering',
    inputSchema: { reason: z.string() },
  },
  async () => {
    setTimeout(() => process.exit(3), 100);
    return new Promise(() => undefined);
  },
);
await server.connect(new StdioServerTransport());
