// A task's model when none is named: the default of the list of the service in use, on a fresh install too.
import { describe, expect, it } from 'vitest';
import { modelForTask } from '../../../../../electron/core/features/account/models';
import type { Conversation, ModelInfo, SettingsView } from '../../../../../shared/types';
import { openCore } from '../../simulated-core';

/** The simulator as another service: its list without the ids the app used to open with. */
const ABSENT = new Set(['openai/gpt-4o-mini', 'vis-openai/gpt-4o-mini']);

const otherService: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const answer = await fetch(input, init);
  if (!new URL(url).pathname.endsWith('/models')) return answer;
  const body = (await answer.json()) as { data: Array<{ id: string }> };
  body.data = body.data.filter((m) => !ABSENT.has(m.id));
  return new Response(JSON.stringify(body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
};

function entry(id: string, kind: ModelInfo['kind']): ModelInfo {
  return {
    id,
    name: id,
    kind,
    promptPrice: '0.000001',
    completionPrice: '0.000001',
    contextLength: 8192,
    badges: [],
    description: null,
  };
}

describe('modelForTask', () => {
  it('keeps a named model, else takes the list default, else the stand-in', async () => {
    const list = async () => [entry('a/chat', 'chat'), entry('img-a/paint', 'image')];
    expect(await modelForTask({ list }, 'chat', ' b/named ', 'auto', 'x/none')).toBe('b/named');
    expect(await modelForTask({ list }, 'image', '', 'auto', 'x/none')).toBe('img-a/paint');
    const broken = async (): Promise<ModelInfo[]> => {
      throw new Error('offline');
    };
    expect(await modelForTask({ list: broken }, 'chat', null, 'auto', 'x/none')).toBe('x/none');
  });
});

describe('a fresh install against a service without openai/gpt-4o-mini', () => {
  it('opens a new chat on a model of its list', async () => {
    const { call } = await openCore({ fetch: otherService });
    const settings = await call<SettingsView>('settings.get');
    expect(settings.defaultModel).toBe('');
    const listed = (await call<ModelInfo[]>('models.list')).map((m) => m.id);
    expect(listed).not.toContain('openai/gpt-4o-mini');

    const conversation = await call<Conversation>('conversations.create', {});
    expect(listed).toContain(conversation.model);
  });
});
