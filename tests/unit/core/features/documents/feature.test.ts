// Documents and decisions: through createCore against the simulator (extraction, OCR, decisions, a restart), and the answers' checks.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecisionRun, DocumentList, DocumentRecord } from '../../../../../shared/documents';
import { makeDocx, makePdf, makePng } from '../../../../e2e/files';
import {
  checkedPageImage,
  readOutcome,
  toServiceQuestion,
} from '../../../../../electron/core/features/documents/feature';
import { ServiceError } from '../../../../../electron/core/service/errors';
import { env, openCore } from '../../simulated-core';

describe('documents', () => {
  it('extracts, OCRs with page images, decides, and keeps it all across a restart', async () => {
    const first = await openCore();
    const docx = await first.upload(
      'letter.docx',
      'application/octet-stream',
      makeDocx(['Dear reader,', 'The garden is in bloom.']),
    );
    const letter = await first.call<DocumentRecord>('documents.extract', {
      fileId: docx.fileId,
      mode: 'extract',
    });
    expect(letter.text).toContain('The garden is in bloom.');
    expect(letter).toMatchObject({ mode: 'extract', model: 'utils/extract-text-1.0' });

    const ocrRefused = await first.attempt('documents.extract', {
      fileId: docx.fileId,
      mode: 'ocr',
    });
    expect(!ocrRefused.ok && ocrRefused.error.details).toMatchObject({ reason: 'ocr_pdf_only' });

    const pdf = await first.upload(
      'scan.pdf',
      'application/pdf',
      makePdf([
        { text: 'Invoice 42', images: 2 },
        { text: 'Terms', images: 1 },
      ]),
    );
    const scan = await first.call<DocumentRecord>('documents.extract', {
      fileId: pdf.fileId,
      mode: 'ocr',
      returnImages: true,
    });
    expect(scan.pageCount).toBe(2);
    expect(scan.pages!.map((p) => p.images.length)).toEqual([2, 1]);
    expect(scan.pages![0]!.images[0]).toMatch(/^data:image\/png;base64,/);
    expect(scan.badImages).toBe(0);

    const decided = await first.call<{ run: DecisionRun }>('documents.decide', {
      documentId: scan.id,
      questions: [
        { type: 'noul', instructions: 'Is it an invoice?', options: [] },
        {
          type: 'choice',
          instructions: 'Which kind?',
          options: [
            { label: 'invoice', description: 'an invoice with a number' },
            { label: 'poem', description: 'verses' },
          ],
        },
        {
          type: 'score',
          instructions: 'How formal?',
          options: ['low', 'mid', 'high'].map((label) => ({ label, description: '' })),
        },
      ],
    });
    const [noul, choice, score] = decided.run.outcomes;
    expect(noul!.type).toBe('noul');
    expect(noul!.probabilities.true! + noul!.probabilities.false!).toBeCloseTo(1);
    expect(choice).toMatchObject({ type: 'choice', value: 'invoice' });
    expect(Object.keys(score!.legend ?? {})).toEqual(['low', 'mid', 'high']);
    expect(typeof score!.value).toBe('number');

    await first.core.dispose();
    env.cores = [];
    const second = await openCore();
    const list = await second.call<DocumentList>('documents.list');
    expect(list.items.map((d) => d.name)).toEqual(['scan.pdf', 'letter.docx']);
    const reopened = await second.call<DocumentRecord>('documents.get', { id: scan.id });
    expect(reopened.decisions).toHaveLength(1);
    expect(reopened.pages![1]!.markdown).toContain('Terms');
  });
});

describe('decisions', () => {
  it('builds the service shape of each question type', () => {
    expect(
      toServiceQuestion({ type: 'noul', instructions: 'Signed?', options: [] }).criteria,
    ).toEqual({ true: 'Yes', false: 'No' });
    expect(
      toServiceQuestion({
        type: 'choice',
        instructions: 'Kind?',
        options: [
          { label: 'invoice', description: 'a bill' },
          { label: 'letter', description: '' },
        ],
      }).criteria,
    ).toEqual({ invoice: 'a bill', letter: 'letter' });
    expect(
      toServiceQuestion({
        type: 'score',
        instructions: 'Tone?',
        options: [
          { label: 'low', description: '' },
          { label: ' high ', description: '' },
        ],
      }).criteria,
    ).toEqual(['low', 'high']);
    expect(() =>
      toServiceQuestion({
        type: 'score',
        instructions: 'Tone?',
        options: [{ label: 'only', description: '' }],
      }),
    ).toThrow(ServiceError);
  });

  it('reads answers into bars and refuses unreadable ones', () => {
    const noul = readOutcome(
      { type: 'noul', instructions: 'q', options: [] },
      {
        type: 'noul',
        noul: 0.8,
      },
    );
    expect(noul.probabilities.true).toBe(0.8);
    expect(noul.probabilities.false).toBeCloseTo(0.2);
    const score = readOutcome(
      { type: 'score', instructions: 'q', options: [] },
      {
        type: 'score',
        score: '0.25',
        probabilities: { low: 0.75, high: 0.25 },
        legend: { low: 0, high: 1 },
        confidence: 0.75,
      },
    );
    expect(score).toMatchObject({ value: 0.25, legend: { low: 0, high: 1 }, confidence: 0.75 });
    expect(() =>
      readOutcome(
        { type: 'noul', instructions: 'q', options: [] },
        {
          type: 'noul',
          noul: 7,
        },
      ),
    ).toThrow(ServiceError);
    expect(() =>
      readOutcome({ type: 'choice', instructions: 'q', options: [] }, undefined),
    ).toThrow(ServiceError);
  });
});

describe('decisions through core', () => {
  const decisionBodies = async (): Promise<Array<Record<string, unknown>>> =>
    (
      (await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Array<{
        path: string;
        body: string;
      }>
    )
      .filter((r) => r.path === '/v1/decisions')
      .map((r) => JSON.parse(r.body) as Record<string, unknown>);

  it('sends each question under the name the person gave it, q1, q2 … for the rest, and answers by those names', async () => {
    const core = await openCore();
    const decided = await core.call<{ run: DecisionRun }>('documents.decide', {
      text: 'The invoice is due in thirty days.',
      questions: [
        { name: ' is_invoice ', type: 'noul', instructions: 'Is it an invoice?', options: [] },
        { type: 'noul', instructions: 'Is it signed?', options: [] },
        { name: 'constructor', type: 'noul', instructions: 'Is it late?', options: [] },
      ],
    });
    const [sent] = await decisionBodies();
    expect(Object.keys(sent!.questions as object)).toEqual(['is_invoice', 'q2', 'constructor']);
    expect(decided.run.outcomes.map((o) => o.name)).toEqual(['is_invoice', 'q2', 'constructor']);
    expect(decided.run.outcomes.map((o) => o.question.instructions)).toEqual([
      'Is it an invoice?',
      'Is it signed?',
      'Is it late?',
    ]);
  });

  it('refuses two questions of one name before asking the service', async () => {
    const core = await openCore();
    const refused = await core.attempt('documents.decide', {
      text: 'Some text.',
      questions: [
        { name: 'q2', type: 'noul', instructions: 'First?', options: [] },
        { type: 'noul', instructions: 'Second?', options: [] },
      ],
    });
    expect(!refused.ok && refused.error.details).toMatchObject({
      reason: 'question_name_repeated',
      name: 'q2',
    });
    expect(await decisionBodies()).toEqual([]);
  });

  it('takes the decision model from the live list, and with none there asks the person to choose', async () => {
    const withoutDecisionModels: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith('/models')) return answer;
      const list = (await answer.json()) as { data: Array<{ id: string }> };
      const data = list.data.filter((m) => !/decision|judge|classif/i.test(m.id));
      return Response.json({ ...list, data });
    };
    const listed = await openCore();
    const decided = await listed.call<{ run: DecisionRun }>('documents.decide', {
      text: 'Some text.',
      questions: [{ type: 'noul', instructions: 'Short?', options: [] }],
    });
    expect(decided.run.model).toBe('decisions/judge-1.0');

    // A data folder of its own: the first core's cached list would name the judge.
    const dataDir = join(env.dir, 'other');
    await mkdir(dataDir);
    const unlisted = await openCore({ fetch: withoutDecisionModels, dataDir });
    const refused = await unlisted.attempt('documents.decide', {
      text: 'Some text.',
      questions: [{ type: 'noul', instructions: 'Short?', options: [] }],
    });
    expect(!refused.ok && refused.error.details).toMatchObject({ reason: 'no_decision_model' });
    expect(await decisionBodies()).toHaveLength(1);
  });
});

describe('page images', () => {
  it('keeps real pictures and drops invalid base64 or non-images', () => {
    const png = makePng(4, 4).toString('base64');
    expect(checkedPageImage(`data:image/png;base64,${png}`)).toBe(`data:image/png;base64,${png}`);
    expect(checkedPageImage(png)).toBe(`data:image/png;base64,${png}`);
    expect(checkedPageImage('data:image/png;base64,@@not*base64@@')).toBeNull();
    expect(checkedPageImage(Buffer.from('just text').toString('base64'))).toBeNull();
    expect(checkedPageImage('')).toBeNull();
  });
});

describe('the extraction request streamed from disk', () => {
  interface Logged {
    path: string;
    body: string;
    headers: Record<string, string>;
  }
  const extractRequests = async (): Promise<Logged[]> =>
    ((await (await fetch(`${env.sim.hostRoot}/__sim/requests`)).json()) as Logged[]).filter(
      (r) => r.path === '/v1/extract_text',
    );

  it('sends the same JSON as the base64 of the whole file, and all of it again after a 504', async () => {
    const core = await openCore();
    const bytes = makePdf([{ text: 'Streamed from disk' }]);
    const pdf = await core.upload('notes.pdf', 'application/pdf', bytes);
    await fetch(`${env.sim.hostRoot}/__sim/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 504, count: 1, path: '/extract_text' }),
    });
    const record = await core.call<DocumentRecord>('documents.extract', {
      fileId: pdf.fileId,
      mode: 'extract',
    });
    expect(record.text).toContain('Streamed from disk');
    // What the feature sent before it streamed: the whole file's base64 in one JSON string.
    const before = JSON.stringify({
      encoded_base64_file: bytes.toString('base64'),
      filename: 'notes.pdf',
      model: 'utils/extract-text-1.0',
    });
    expect(before.length).toBeLessThan(2000); // the simulator logs a body's first 2,000 characters
    const sent = await extractRequests();
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.body).toBe(before);
      expect(request.headers['content-length']).toBe(String(Buffer.byteLength(before)));
    }
  });

  it('hears the service refuse a file over its request limit (413) in words', async () => {
    const core = await openCore();
    // 46 MiB: under the app's document limit, over the simulator's 60 MB once base64 (61.3 MB).
    const bytes = Buffer.concat([
      makePdf([{ text: 'Too big' }]),
      Buffer.alloc(46 * 1024 * 1024, 0x20),
    ]);
    const pdf = await core.upload('big.pdf', 'application/pdf', bytes);
    const refused = await core.attempt('documents.extract', {
      fileId: pdf.fileId,
      mode: 'extract',
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatchObject({ status: 413 });
    expect(!refused.ok && refused.error.message).toMatch(/too large/i);
  }, 60_000);
});
