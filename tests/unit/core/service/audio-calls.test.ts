// Speech and transcription over real HTTP and the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalServers, startLocal, clientFor, sendJson, useSimulator } from './client-harness';

afterEach(closeLocalServers);

describe('audio calls', () => {
  it('transcribe reads a plain text answer', async () => {
    const local = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('just text\n');
    });
    const { client } = clientFor(local.base);
    const heard = await client.transcribe({
      file: new Uint8Array([1]),
      filename: 'a.wav',
      model: 'stt-x',
      response_format: 'text',
    });
    expect(heard.text).toBe('just text');
  });

  it('speech returns the audio bytes, or downloads a JSON url (no key to a foreign host)', async () => {
    const wav = Buffer.from('RIFF....WAVEfmt ');
    const storage = await startLocal((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      res.end(wav);
    });
    const local = await startLocal((req, res) => {
      const body = JSON.parse(req.body.toString()) as { model: string };
      if (body.model.startsWith('tta-'))
        sendJson(res, 200, { url: `http://localhost:${storage.port}/files/music.wav` });
      else {
        res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
        res.end(Buffer.from([0xff, 0xfb, 1, 2]));
      }
    });
    const { client } = clientFor(local.base);
    const spoken = await client.speech({ model: 'tts-openai/tts-1', input: 'hi', voice: 'alloy' });
    expect(spoken).toEqual({ bytes: Buffer.from([0xff, 0xfb, 1, 2]), mimeType: 'audio/mpeg' });
    const music = await client.speech({
      model: 'tta-stable/audio',
      input: 'calm',
      seconds_total: 5,
    });
    expect(music).toEqual({ bytes: wav, mimeType: 'audio/wav' });
    expect(storage.requests[0]?.url).toBe('/files/music.wav');
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('against the simulator', () => {
  const { simClient } = useSimulator();

  it('speech, music (bytes or a url) and transcription of the speech', async () => {
    const client = simClient('sim-fast');
    const spoken = await client.speech({
      model: 'tts-openai/tts-1',
      input: 'Hello from Atelier',
      voice: 'alloy',
      response_format: 'wav',
    });
    expect(spoken.mimeType).toMatch(/wav/);
    expect(spoken.bytes.subarray(0, 4).toString()).toBe('RIFF');
    const music = await client.speech({
      model: 'tta-sim/melody-url',
      input: 'calm',
      seconds_total: 2,
    });
    expect(music.bytes.subarray(0, 4).toString()).toBe('RIFF');
    const heard = await client.transcribe({
      file: spoken.bytes,
      filename: 'hello.wav',
      mimeType: 'audio/wav',
      model: 'stt-openai/whisper-1',
    });
    expect(heard.text).toContain('Hello from Atelier');
  });
});
