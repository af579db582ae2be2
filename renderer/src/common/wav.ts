// Turns any audio the browser can decode (a WebM recording, OGG, FLAC, M4A) into a 16-bit PCM WAV, the format audio models take.

/** 16-bit little-endian PCM WAV of the given channels (all the same length). */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Blob {
  const channelCount = Math.max(1, channels.length);
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * channelCount * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * 2, true);
  view.setUint16(32, channelCount * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = 44;
  for (let frame = 0; frame < frames; frame++) {
    for (let c = 0; c < channelCount; c++) {
      const sample = Math.max(-1, Math.min(1, channels[c]?.[frame] ?? 0));
      view.setInt16(at, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
      at += 2;
    }
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

/** Decodes `audio` with the browser and encodes it as WAV; rejects when the browser cannot decode it. */
export async function toWav(audio: Blob): Promise<Blob> {
  const context = new AudioContext();
  try {
    const decoded = await context.decodeAudioData(await audio.arrayBuffer());
    const channels: Float32Array[] = [];
    // Mono is enough for speech and halves the upload.
    channels.push(decoded.getChannelData(0));
    return encodeWav(channels, decoded.sampleRate);
  } finally {
    void context.close();
  }
}

/** Whether a file is already in a format audio models take (WAV or MP3). */
export function isModelAudio(name: string, mime: string): boolean {
  return (
    /\.(wav|mp3)$/i.test(name) ||
    mime === 'audio/wav' ||
    mime === 'audio/mpeg' ||
    mime === 'audio/x-wav'
  );
}
