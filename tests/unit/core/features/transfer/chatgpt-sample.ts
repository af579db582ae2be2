// A small ChatGPT conversations.json written for these tests: a branch (an edited answer), hidden and system messages, a tool call, an empty and a broken conversation.

export const chatGptSample = [
  {
    title: 'Garden plans',
    create_time: 1714000000.5,
    update_time: 1714000300.25,
    current_node: 'a3',
    mapping: {
      root: { id: 'root', message: null, parent: null, children: ['sys'] },
      sys: {
        id: 'sys',
        message: {
          author: { role: 'system' },
          content: { content_type: 'text', parts: [''] },
          create_time: null,
          metadata: { is_visually_hidden_from_conversation: true },
        },
        parent: 'root',
        children: ['u1'],
      },
      u1: {
        id: 'u1',
        message: {
          author: { role: 'user' },
          content: { content_type: 'text', parts: ['What should I plant in April?'] },
          create_time: 1714000010,
        },
        parent: 'sys',
        children: ['a1old', 'a1'],
      },
      a1old: {
        id: 'a1old',
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['Tomatoes, first try.'] },
          create_time: 1714000020,
          metadata: { model_slug: 'gpt-4o' },
        },
        parent: 'u1',
        children: [],
      },
      a1: {
        id: 'a1',
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['Peas and lettuce, second try.'] },
          create_time: 1714000030,
          metadata: { model_slug: 'gpt-4o' },
        },
        parent: 'u1',
        children: ['tool'],
      },
      tool: {
        id: 'tool',
        message: {
          author: { role: 'tool' },
          content: { content_type: 'text', parts: ['search results'] },
          create_time: 1714000031,
        },
        parent: 'a1',
        children: ['code'],
      },
      code: {
        id: 'code',
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'code', text: 'print(1)' },
          recipient: 'python',
          create_time: 1714000032,
        },
        parent: 'tool',
        children: ['u2'],
      },
      u2: {
        id: 'u2',
        message: {
          author: { role: 'user' },
          content: { content_type: 'text', parts: ['Thanks!'] },
          create_time: 1714000040,
        },
        parent: 'code',
        children: ['empty'],
      },
      empty: {
        id: 'empty',
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['   '] },
          create_time: 1714000045,
        },
        parent: 'u2',
        children: ['a3'],
      },
      a3: {
        id: 'a3',
        message: {
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['You are welcome.'] },
          create_time: 1714000050,
          metadata: { model_slug: 'gpt-4o' },
        },
        parent: 'empty',
        children: [],
      },
    },
  },
  {
    title: 'Only a system prompt',
    create_time: 1714000000,
    update_time: 1714000000,
    current_node: 's',
    mapping: {
      s: {
        message: {
          author: { role: 'system' },
          content: { content_type: 'text', parts: ['You are helpful.'] },
        },
        parent: null,
        children: [],
      },
    },
  },
  { title: 'Broken', mapping: 'not a mapping' },
];
