// The simulator's model list in the service's shape.
import { describe, expect, it } from 'vitest';
import { call, useSimulators } from './sim-harness';

useSimulators();

describe('models', () => {
  it('lists the models in the OpenRouter shape, without sdapi/txt2img', async () => {
    const res = await call('/models', { key: null });
    const list = (await res.json()) as {
      object: string;
      data: Array<{
        id: string;
        pricing: { prompt: string; completion: string };
        context_length: number | string | null;
        supported_features: string[];
      }>;
    };
    expect(list.object).toBe('list');
    const ids = list.data.map((m) => m.id);
    for (const id of [
      'openai/gpt-4o-mini',
      'vis-openai/gpt-4o-mini',
      'deepseek/deepseek-r1',
      'sim/tiny-context',
      'premium/gpt-4.5',
      'emb-openai/text-embedding-3-small',
      'img-stable/stable-diffusion-xl-1024',
      'stt-openai/whisper-1',
      'tts-openai/tts-1',
      'tta-stable/stable-audio',
      'utils/pdf-ocr-1.0',
    ])
      expect(ids).toContain(id);
    expect(ids).not.toContain('sdapi/txt2img');
    const mini = list.data.find((m) => m.id === 'openai/gpt-4o-mini');
    expect(mini?.pricing).toEqual({ prompt: '0.00000015', completion: '0.0000006' });
    expect(mini?.context_length).toBe(128000);
    expect(list.data.find((m) => m.id === 'anthropic/claude-3.5-sonnet')?.context_length).toBe(
      '200000',
    );
    expect(list.data.find((m) => m.id === 'vis-openai/gpt-4o-mini')?.supported_features).toContain(
      'vision',
    );
  });
});
