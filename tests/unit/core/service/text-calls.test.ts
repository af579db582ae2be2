// Embeddings, decisions and document extraction over real HTTP and the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeLocalServers,
  startLocal,
  clientFor,
  failureOf,
  sendJson,
  useSimulator,
} from './client-harness';

afterEach(closeLocalServers);

describe('text calls', () => {
  it('embeddings and decisions', async () => {
    const local = await startLocal((req, res) => {
      if (req.url.endsWith('/embeddings'))
        sendJson(res, 200, {
          model: 'emb-openai/text-embedding-3-small',
          data: [
            { index: 1, embedding: [0.3, 0.4] },
            { index: 0, embedding: [0.1, 0.2] },
          ],
          usage: { prompt_tokens: 2, total_tokens: 2 },
        });
      else
        sendJson(res, 200, {
          model: 'dec-model',
          answers: { truth: { type: 'noul', noul: 0.8 } },
          usage: { prompt_tokens: 10 },
        });
    });
    const { client } = clientFor(local.base);
    const embedded = await client.embeddings({
      model: 'emb-openai/text-embedding-3-small',
      input: ['a', 'b'],
    });
    expect(embedded.vectors).toEqual([
      [0.1, 0.2],
      [0.3, 0.4],
    ]);
    expect(JSON.parse(local.requests[0]?.body.toString() ?? '')).toMatchObject({
      encoding_format: 'float',
    });
    const decided = await client.decisions({
      model: 'dec-model',
      state: 'The sky is green',
      questions: {
        truth: {
          type: 'noul',
          instructions: 'Is it true?',
          criteria: { true: 'yes', false: 'no' },
        },
      },
    });
    expect(decided.answers.truth).toEqual({ type: 'noul', noul: 0.8 });
    expect(local.requests[1]?.url).toBe('/v1/decisions');
  });

  it('extractText reads {text} and OCR pages', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, {
        pages: [{ index: 0, markdown: '# Title', images: [{ id: 'img-0', image_base64: 'AA' }] }],
        model: 'utils/pdf-ocr-1.0',
        text: '# Title',
      }),
    );
    const { client } = clientFor(local.base);
    const result = await client.extractText({
      encoded_base64_file: 'JVBERi0=',
      filename: 'a.pdf',
      model: 'utils/pdf-ocr-1.0',
      return_images: true,
    });
    expect(result).toEqual({
      text: '# Title',
      pages: [{ index: 0, markdown: '# Title', images: [{ id: 'img-0', imageBase64: 'AA' }] }],
    });
    expect(local.requests[0]?.url).toBe('/v1/extract_text');
  });
});

describe('against the simulator', () => {
  const { simClient } = useSimulator();

  it('embeddings and decisions', async () => {
    const client = simClient('sim-fast');
    const embedded = await client.embeddings({
      model: 'emb-openai/text-embedding-3-small',
      input: 'a sentence',
    });
    expect(embedded.vectors).toHaveLength(1);
    expect(embedded.vectors[0]?.length).toBeGreaterThan(8);
    const decided = await client.decisions({
      model: 'decisions/judge-1.0',
      state: 'The sky is blue.',
      questions: {
        truth: {
          type: 'noul',
          instructions: 'Is it true?',
          criteria: { true: 'yes', false: 'no' },
        },
        mood: { type: 'choice', instructions: 'Mood?', criteria: { calm: 'calm', angry: 'angry' } },
      },
    });
    expect(decided.answers.truth?.type).toBe('noul');
    expect(decided.answers.mood?.type).toBe('choice');
  });

  it('document to text', async () => {
    const client = simClient('sim-fast');
    const content = 'BT /F1 12 Tf 72 720 Td (Hello PDF) Tj ET';
    const pdf = Buffer.from(
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
        `4 0 obj << /Length ${content.length} >> stream`,
        content,
        'endstream endobj',
        'trailer << /Root 1 0 R >>',
        '%%EOF',
      ].join('\n'),
    ).toString('base64');
    const extracted = await client.extractText({
      encoded_base64_file: pdf,
      filename: 'hello.pdf',
      model: 'utils/extract-text-1.0',
    });
    expect(extracted.text).toContain('Hello PDF');
    const ocr = await client.extractText({
      encoded_base64_file: pdf,
      filename: 'hello.pdf',
      model: 'utils/pdf-ocr-1.0',
    });
    expect(ocr.pages?.[0]?.markdown).toContain('Hello PDF');
    const corrupt = await failureOf(
      client.extractText({
        encoded_base64_file: Buffer.from('not a pdf').toString('base64'),
        filename: 'broken.pdf',
        model: 'utils/extract-text-1.0',
      }),
    );
    expect(corrupt.error).toMatchObject({ code: 'server_error', status: 500 });
    expect(corrupt.error.message).toMatch(/corrupt/);
  });
});
