// Image generation, multipart edits and the txt2img call over real HTTP and the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeLocalServers,
  KEY,
  startLocal,
  clientFor,
  failureOf,
  sendJson,
  formOf,
  useSimulator,
} from './client-harness';

afterEach(closeLocalServers);

describe('image calls', () => {
  it('generateImage sends image_url .. imageN_url and reads b64_json', async () => {
    const local = await startLocal((_req, res) =>
      sendJson(res, 200, { data: [{ b64_json: 'AAAA' }] }),
    );
    const { client } = clientFor(local.base);
    const sources = [
      'data:image/png;base64,AA==',
      'data:image/png;base64,BB==',
      'data:image/png;base64,CC==',
    ];
    const result = await client.generateImage({
      model: 'img2img-x/y',
      prompt: 'a cat',
      aspect_ratio: '16:9',
      sourceImages: sources,
    });
    expect(result.images).toEqual([{ b64: 'AAAA', url: null, revisedPrompt: null }]);
    expect(JSON.parse(local.requests[0]?.body.toString() ?? '')).toEqual({
      model: 'img2img-x/y',
      prompt: 'a cat',
      n: 1,
      response_format: 'b64_json',
      aspect_ratio: '16:9',
      image_url: sources[0],
      image2_url: sources[1],
      image3_url: sources[2],
    });
    const tooMany = Array.from({ length: 11 }, () => sources[0] as string);
    const e = await failureOf(
      client.generateImage({ model: 'm', prompt: 'p', sourceImages: tooMany }),
    );
    expect(e.error.code).toBe('invalid_input');
    expect(local.requests).toHaveLength(1);
  });

  it('editImage and transcribe send multipart forms', async () => {
    const local = await startLocal(async (req, res) => {
      if (req.url.endsWith('/images/edits'))
        sendJson(res, 200, { data: [{ url: 'http://x/y.png' }] });
      else sendJson(res, 200, { text: 'hello there', segments: [{ start: 0 }], language: 'en' });
    });
    const { client } = clientFor(local.base);
    const edited = await client.editImage({
      model: 'gpt-image-1',
      prompt: 'make it blue',
      sourceImages: ['data:image/png;base64,iVBORw0KGgo='],
    });
    expect(edited.images[0]?.url).toBe('http://x/y.png');
    const editForm = await formOf(local.requests[0]);
    expect(editForm.get('model')).toBe('gpt-image-1');
    expect(editForm.get('prompt')).toBe('make it blue');
    const image = editForm.get('image') as File;
    expect(image.type).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from('iVBORw0KGgo=', 'base64'));

    const heard = await client.transcribe({
      file: new Uint8Array([1, 2, 3]),
      filename: 'talk.mp3',
      mimeType: 'audio/mpeg',
      model: 'stt-openai/whisper-1',
      response_format: 'verbose_json',
      language: '',
    });
    expect(heard).toEqual({ text: 'hello there', segments: [{ start: 0 }], language: 'en' });
    const form = await formOf(local.requests[1]);
    expect(form.get('model')).toBe('stt-openai/whisper-1');
    expect(form.get('response_format')).toBe('verbose_json');
    expect(form.get('language')).toBe('');
    const file = form.get('file') as File;
    expect(file.name).toBe('talk.mp3');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(local.requests[1]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('sdTxt2img puts the key in the path on the host root, and masks it in errors', async () => {
    let fail = false;
    const local = await startLocal((req, res) => {
      if (fail) sendJson(res, 400, { error: `Unknown model for ${req.url}` });
      else sendJson(res, 200, { images: ['AAAA'], info: '{}' });
    });
    const { client } = clientFor(local.base);
    const result = await client.sdTxt2img({ prompt: 'a fox', steps: 20 });
    expect(result.images).toEqual(['AAAA']);
    expect(local.requests[0]?.url).toBe(`/sdapi/${KEY}/sdapi/v1/txt2img`);
    expect(local.requests[0]?.headers.authorization).toBeUndefined();
    fail = true;
    const e = await failureOf(client.sdTxt2img({ prompt: 'x' }));
    expect(e.error.message).not.toContain(KEY);
    expect(e.message).not.toContain(KEY);
  });
});

describe('against the simulator', () => {
  const { simClient } = useSimulator();

  it('images: generation, img2img with source images, /images/edits and sdapi', async () => {
    const client = simClient('sim-fast');
    const made = await client.generateImage({
      model: 'img-stable/stable-diffusion-xl-1024',
      prompt: 'a lighthouse',
      size: '1024x1024',
    });
    const png = Buffer.from(made.images[0]?.b64 ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const source = `data:image/png;base64,${made.images[0]?.b64 ?? ''}`;
    const edited = await client.generateImage({
      model: 'img2img-google/gemini-2.5-flash-image',
      prompt: 'at night',
      sourceImages: [source, source],
    });
    expect(edited.images).toHaveLength(1);
    const viaEdits = await client.editImage({
      model: 'gpt-image-1',
      prompt: 'in snow',
      sourceImages: [source],
    });
    expect(viaEdits.images[0]?.b64).toBeTruthy();
    const sd = await client.sdTxt2img({ prompt: 'a fox', width: 512, height: 512, steps: 10 });
    expect(sd.images).toHaveLength(1);
  });
});
