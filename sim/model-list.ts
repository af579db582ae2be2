// The simulated model list: what each model is, costs and accepts.

export type SimModelKind =
  | 'chat'
  | 'embedding'
  | 'image'
  | 'image-edit'
  | 'speech-to-text'
  | 'text-to-speech'
  | 'music'
  | 'text-to-video'
  | 'image-to-video'
  | 'utility'
  | 'decision';

export type Feature =
  | 'tools'
  | 'structured_outputs'
  | 'vision'
  | 'reasoning'
  | 'web_search'
  | 'audioinput'
  | 'diarization';

/** What a model's fixed price is charged per (images, seconds of audio, pages...). */
export type PriceUnit = 'image' | 'second' | 'minute' | 'page' | 'call';

export interface SimModel {
  id: string;
  name: string;
  description: string;
  kind: SimModelKind;
  contextLength: number | null;
  /** Some entries of the real list carry context_length as a string; clients must cope. */
  contextAsString?: boolean;
  maxOutputTokens?: number;
  /** Micro-credits per million prompt / completion tokens (per million characters for speech). */
  promptMicroPerM: number;
  completionMicroPerM: number;
  /** Micro-credits per unit, for models priced per image, second, page or call. */
  unitMicro?: number;
  unit?: PriceUnit;
  features: Feature[];
  inputModalities: string[];
  outputModalities: string[];
  maxSourceImages?: number;
  requiresAspectRatio?: boolean;
  allowedSizes?: string[];
  /** Music models: answer WAV bytes or JSON {url}. */
  musicAnswer?: 'wav' | 'url';
  maxSeconds?: number;
  /** Video models: accepted durations (the first is the default), and the last-frame option. */
  durations?: number[];
  endImage?: boolean;
  /** A text-to-video model that also animates a picture given as image_url (not required). */
  optionalFirstFrame?: boolean;
}

const TEXT = ['text'];

function chatModel(
  id: string,
  name: string,
  description: string,
  contextLength: number,
  prompt: number,
  completion: number,
  features: Feature[],
  extra: Partial<SimModel> = {},
): SimModel {
  return {
    id,
    name,
    description,
    kind: 'chat',
    contextLength,
    maxOutputTokens: 4096,
    promptMicroPerM: prompt,
    completionMicroPerM: completion,
    features,
    inputModalities: features.includes('vision')
      ? ['text', 'image']
      : features.includes('audioinput')
        ? ['text', 'audio']
        : TEXT,
    outputModalities: TEXT,
    ...extra,
  };
}

function unitModel(
  id: string,
  name: string,
  description: string,
  kind: SimModelKind,
  unit: PriceUnit,
  unitMicro: number,
  modalities: [string[], string[]],
  extra: Partial<SimModel> = {},
): SimModel {
  return {
    id,
    name,
    description,
    kind,
    contextLength: null,
    promptMicroPerM: 0,
    completionMicroPerM: 0,
    unit,
    unitMicro,
    features: [],
    inputModalities: modalities[0],
    outputModalities: modalities[1],
    ...extra,
  };
}

export const MODELS: readonly SimModel[] = [
  chatModel(
    'openai/gpt-4o-mini',
    'OpenAI: GPT-4o mini',
    'Small, fast and cheap general model. Send images to its vis- variant.',
    128000,
    150_000,
    600_000,
    ['tools', 'structured_outputs'],
  ),
  chatModel(
    'vis-openai/gpt-4o-mini',
    'OpenAI: GPT-4o mini (vision)',
    'GPT-4o mini priced for images in the messages.',
    128000,
    150_000,
    600_000,
    ['tools', 'structured_outputs', 'vision'],
  ),
  chatModel(
    'anthropic/claude-3.5-sonnet',
    'Anthropic: Claude 3.5 Sonnet',
    'Strong writing and coding model with a large context; the list says it sees images, but they are priced right only on its vis- variant.',
    200000,
    3_000_000,
    15_000_000,
    ['tools', 'vision'],
    { contextAsString: true, maxOutputTokens: 8192 },
  ),
  chatModel(
    'vis-anthropic/claude-3.5-sonnet',
    'Anthropic: Claude 3.5 Sonnet (vision)',
    'Claude 3.5 Sonnet priced for images in the messages.',
    200000,
    3_000_000,
    15_000_000,
    ['tools', 'vision'],
    { contextAsString: true, maxOutputTokens: 8192 },
  ),
  chatModel(
    'deepseek/deepseek-r1',
    'DeepSeek: R1',
    'Reasoning model: returns its reasoning along with the answer.',
    64000,
    550_000,
    2_190_000,
    ['reasoning'],
    { maxOutputTokens: 8192 },
  ),
  chatModel(
    'meta-llama/llama-3.1-8b-instruct',
    'Meta: Llama 3.1 8B Instruct',
    'Open-source model with tool calls.',
    131072,
    20_000,
    50_000,
    ['tools'],
  ),
  chatModel(
    'sim/tiny-context',
    'Simulator: tiny context',
    'A model with a 2048-token context, for context-limit checks.',
    2048,
    10_000,
    10_000,
    [],
  ),
  chatModel(
    'vis-sim/tiny-context',
    'Simulator: tiny context (vision)',
    'The tiny context priced for images, for context checks with pictures.',
    2048,
    20_000,
    20_000,
    ['vision'],
  ),
  chatModel(
    'premium/gpt-4.5',
    'Premium: GPT-4.5',
    'Large model available on premium plans only.',
    128000,
    75_000_000,
    150_000_000,
    ['tools', 'structured_outputs'],
  ),
  chatModel(
    'perplexity/sonar',
    'Perplexity: Sonar',
    'Answers with web search and links to its sources.',
    127072,
    1_000_000,
    1_000_000,
    ['web_search'],
    { unit: 'call', unitMicro: 5_000 },
  ),
  chatModel(
    'openai/gpt-4o-audio-preview',
    'OpenAI: GPT-4o Audio',
    'Text model that also listens: accepts input_audio parts (audioinput).',
    128000,
    2_500_000,
    10_000_000,
    ['audioinput'],
  ),
  {
    ...chatModel(
      'decisions/judge-1.0',
      'Decisions: Judge 1.0',
      'Classifies a text by criteria: noul, choice and score questions on /decisions.',
      32000,
      100_000,
      0,
      [],
    ),
    kind: 'decision',
  },
  {
    ...chatModel(
      'emb-openai/text-embedding-3-small',
      'OpenAI: text-embedding-3-small',
      'Embeddings, 256 dimensions.',
      8191,
      20_000,
      0,
      [],
    ),
    kind: 'embedding',
    outputModalities: ['embeddings'],
  },
  unitModel(
    'img-stable/stable-diffusion-xl-1024',
    'Stability: SDXL 1024',
    'Text to image, any size from 256 to 2048 pixels a side.',
    'image',
    'image',
    4_000,
    [TEXT, ['image']],
  ),
  unitModel(
    'openai/dall-e-3',
    'OpenAI: DALL-E 3',
    'Text to image: 1024x1024, 1792x1024 or 1024x1792.',
    'image',
    'image',
    40_000,
    [TEXT, ['image']],
    { allowedSizes: ['1024x1024', '1792x1024', '1024x1792'] },
  ),
  unitModel(
    'img-black-forest-labs/flux-1.1-pro',
    'Black Forest Labs: FLUX 1.1 pro',
    'Text to image; takes aspect_ratio (e.g. 16:9), not size.',
    'image',
    'image',
    40_000,
    [TEXT, ['image']],
    { requiresAspectRatio: true },
  ),
  unitModel(
    'img2img-black-forest-labs/flux-kontext-pro',
    'Black Forest Labs: FLUX Kontext pro (edit)',
    'Edits one source image by a prompt.',
    'image-edit',
    'image',
    40_000,
    [['text', 'image'], ['image']],
    { maxSourceImages: 1 },
  ),
  unitModel(
    'img2img-google/gemini-2.5-flash-image',
    'Google: Gemini 2.5 Flash Image (edit)',
    'Edits and combines up to 10 source images by a prompt.',
    'image-edit',
    'image',
    39_000,
    [['text', 'image'], ['image']],
    { maxSourceImages: 10 },
  ),
  unitModel(
    'stt-openai/whisper-1',
    'OpenAI: Whisper',
    'Speech to text: json, text, srt, vtt or verbose_json.',
    'speech-to-text',
    'minute',
    6_000,
    [['audio'], TEXT],
  ),
  {
    ...unitModel(
      'stt-elevenlabs/scribe-v1',
      'ElevenLabs: Scribe v1 (diarization)',
      'Speech to text with speakers: verbose_json gives segments with speaker labels.',
      'speech-to-text',
      'minute',
      6_700,
      [['audio'], TEXT],
    ),
    features: ['diarization'],
  },
  {
    ...unitModel(
      'tts-openai/tts-1',
      'OpenAI: TTS 1',
      'Text to speech; voices alloy, echo, fable, onyx, nova, shimmer; mp3, wav or pcm.',
      'text-to-speech',
      'call',
      0,
      [TEXT, ['audio']],
    ),
    promptMicroPerM: 15_000_000,
  },
  unitModel(
    'tta-stable/stable-audio',
    'Stability: Stable Audio',
    'Music from a description, WAV only, up to 47 seconds (seconds_total).',
    'music',
    'second',
    2_000,
    [TEXT, ['audio']],
    { musicAnswer: 'wav', maxSeconds: 47 },
  ),
  unitModel(
    'tta-sim/melody-url',
    'Simulator: melody (URL)',
    'Music from a description; answers JSON {url} to a WAV file, up to 30 seconds.',
    'music',
    'second',
    1_500,
    [TEXT, ['audio']],
    { musicAnswer: 'url', maxSeconds: 30 },
  ),
  unitModel(
    'txt2vid-kling/kling-v2.1',
    'Kling: v2.1 (text to video)',
    'Text to video, 5 or 10 seconds.',
    'text-to-video',
    'second',
    280_000,
    [TEXT, ['video']],
    { durations: [5, 10] },
  ),
  // Takes a picture without the img2vid- prefix, so that no prefix is the rule a client relies on.
  unitModel(
    'txt2vid-sim/motion',
    'Simulator: motion (text, or a first and last frame)',
    'Video from text, or from an optional first frame (image_url) and last frame (end_image_url).',
    'text-to-video',
    'second',
    200_000,
    [['text', 'image'], ['video']],
    { durations: [5], endImage: true, optionalFirstFrame: true },
  ),
  unitModel(
    'img2vid-kling/kling-v2.1-pro',
    'Kling: v2.1 pro (image to video)',
    'Image to video from a first frame and an optional last frame (end_image_url).',
    'image-to-video',
    'second',
    450_000,
    [['text', 'image'], ['video']],
    { durations: [5, 10], endImage: true },
  ),
  unitModel(
    'img2vid-minimax/hailuo-02',
    'MiniMax: Hailuo 02 (image to video)',
    'Image to video from a first frame, 6 or 10 seconds.',
    'image-to-video',
    'second',
    270_000,
    [['text', 'image'], ['video']],
    { durations: [6, 10] },
  ),
  unitModel(
    'utils/extract-text-1.0',
    'Utils: extract text 1.0',
    'Text of PDF and DOCX documents.',
    'utility',
    'page',
    1_000,
    [['file'], TEXT],
  ),
  unitModel(
    'utils/pdf-ocr-1.0',
    'Utils: PDF OCR 1.0',
    'Optical recognition of PDF pages into markdown, with images on request.',
    'utility',
    'page',
    3_000,
    [['file'], TEXT],
  ),
];
