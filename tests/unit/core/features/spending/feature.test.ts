// Each feature's paid call against the simulator over HTTP makes exactly one ledger entry, priced as the simulator charged it.
import { describe, expect, it } from 'vitest';
import type { SpendEntry, SpendSummary } from '../../../../../shared/spending';
import type { Conversation, MediaItem, VideoJob } from '../../../../../shared/types';
import { compareCredits, creditsBetween } from '../../../../../shared/prices';
import { makeDocx, makeWav } from '../../../../e2e/files';
import { env, openCore } from '../../simulated-core';

type Opened = Awaited<ReturnType<typeof openCore>>;

/** The ledger entries emitted so far (spending.changed, the last version of each). */
function entriesOf(opened: Opened): SpendEntry[] {
  const byId = new Map<number, SpendEntry>();
  for (const e of opened.emitted)
    if (e.event === 'spending.changed') {
      const entry = e.payload as SpendEntry;
      byId.set(entry.id, entry);
    }
  return [...byId.values()];
}

async function newEntries(opened: Opened, before: number, count: number): Promise<SpendEntry[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = entriesOf(opened).slice(before);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The computed charge is the simulator's, within its rounding (each part up to a whole micro-credit). */
function expectSimCharge(entry: SpendEntry): void {
  expect(entry.reported).not.toBeNull();
  expect(entry.charge).not.toBeNull();
  const gap =
    compareCredits(entry.charge!, entry.reported!) >= 0
      ? creditsBetween(entry.charge!, entry.reported!)
      : creditsBetween(entry.reported!, entry.charge!);
  expect(compareCredits(gap, '0.000002')).toBeLessThanOrEqual(0);
}

describe('the spending ledger over the simulator', () => {
  it('records a chat turn once, with its usage, charge and the service’s cost', async () => {
    const opened = await openCore();
    await opened.call('settings.update', { autoTitle: false });
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'How do I boil an egg?' });
    expect((await opened.turnEnd(c.id)).type).toBe('done');
    const [entry, ...more] = await newEntries(opened, 0, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      feature: 'chat',
      model: 'openai/gpt-4o-mini',
      conversationId: c.id,
    });
    expect(entry!.units.promptTokens).toBeGreaterThan(0);
    expect(entry!.units.completionTokens).toBeGreaterThan(0);
    expectSimCharge(entry!);
    expect(await opened.call('spending.conversation', { id: c.id })).toEqual({
      total: entry!.charge,
      count: 1,
    });
    const summary = await opened.call<SpendSummary>('spending.summary', {});
    expect(summary.today).toBe(entry!.charge);
    expect(summary.byConversation[0]).toMatchObject({ key: c.id, label: c.title, count: 1 });
    // The web host leaves saving to the page: the CSV comes in the answer.
    const exported = await opened.call<{ saved: boolean; entries: number; csv?: string }>(
      'spending.export',
      {},
    );
    expect(exported).toMatchObject({ saved: false, entries: 1 });
    const lines = exported.csv!.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,time,feature,model,conversation,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,chat,openai/gpt-4o-mini,${c.id},`);
    expect(lines[1]).toContain(`,${entry!.charge},${entry!.reported},`);
  });

  it('records an automatic title on a line of its own', async () => {
    const opened = await openCore();
    await opened.call('settings.update', { autoTitle: true });
    const c = await opened.call<Conversation>('conversations.create', {
      model: 'openai/gpt-4o-mini',
    });
    await opened.call('chat.send', { conversationId: c.id, text: 'Plan a weekend trip to Lisbon' });
    await opened.turnEnd(c.id);
    const found = await newEntries(opened, 0, 2);
    expect(found.map((e) => e.feature).sort()).toEqual(['chat', 'titles']);
    const title = found.find((e) => e.feature === 'titles')!;
    expect(title.conversationId).toBe(c.id);
    expectSimCharge(title);
  });

  it('records a picture, speech, music, a transcript, a video, an extraction and a decision once each', async () => {
    // The rich list states unit prices (per picture, second, minute, page), as a gateway may.
    await fetch(`${env.sim.hostRoot}/__sim/settings`, {
      method: 'POST',
      body: JSON.stringify({ modelsProfile: 'rich' }),
    });
    const opened = await openCore();
    const image = await opened.call<{ items: MediaItem[] }>('images.generate', {
      requestId: 'r1',
      model: 'openai/dall-e-3',
      prompt: 'a red apple',
    });
    let [entry, ...more] = await newEntries(opened, 0, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      feature: 'images',
      model: 'openai/dall-e-3',
      itemId: image.items[0]!.id,
      units: { images: 1 },
    });
    expectSimCharge(entry!);

    const spoken = await opened.call<MediaItem>('audio.speak', {
      model: 'tts-openai/tts-1',
      text: 'Hello there, how are you?',
      voice: 'alloy',
      format: 'mp3',
    });
    [entry, ...more] = await newEntries(opened, 1, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      feature: 'speech',
      itemId: spoken.id,
      units: { characters: 'Hello there, how are you?'.length },
    });
    expectSimCharge(entry!);

    const music = await opened.call<MediaItem>('audio.music', {
      model: 'tta-stable/stable-audio',
      text: 'calm piano',
      seconds: 5,
    });
    [entry, ...more] = await newEntries(opened, 2, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'music', itemId: music.id, units: { seconds: 5 } });
    expectSimCharge(entry!);

    const file = await opened.upload('speech.wav', 'audio/wav', makeWav(3));
    await opened.call('audio.transcribe', {
      fileId: file.fileId,
      model: 'stt-openai/whisper-1',
      timestamps: false,
    });
    [entry, ...more] = await newEntries(opened, 3, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'transcription', model: 'stt-openai/whisper-1' });
    expect(entry!.units.seconds).toBeCloseTo(3);
    expectSimCharge(entry!);

    const job = await opened.call<VideoJob>('video.generate', {
      model: 'txt2vid-kling/kling-v2.1',
      prompt: 'a cat on a roof',
      aspectRatio: '16:9',
      duration: 5,
    });
    [entry, ...more] = await newEntries(opened, 4, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'video', itemId: job.id, units: { seconds: 5 } });
    expectSimCharge(entry!);

    const doc = await opened.upload(
      'letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      makeDocx(['Dear reader, this is a letter.']),
    );
    const extracted = await opened.call<{ id: string }>('documents.extract', {
      fileId: doc.fileId,
      mode: 'extract',
    });
    [entry, ...more] = await newEntries(opened, 5, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'documents', itemId: extracted.id });
    expectSimCharge(entry!);

    await opened.call('documents.decide', {
      documentId: extracted.id,
      model: 'decisions/judge-1.0',
      questions: [
        {
          type: 'choice',
          instructions: 'Is it a letter?',
          options: [
            { label: 'yes', description: 'It is a letter.' },
            { label: 'no', description: 'It is not.' },
          ],
        },
      ],
    });
    [entry, ...more] = await newEntries(opened, 6, 1);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ feature: 'decisions', model: 'decisions/judge-1.0' });
    expectSimCharge(entry!);
  });
});
