// Voice mode's sentences: abbreviations, decimals, Russian, code and markdown left out, and a streamed answer split as it grows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSentenceStream,
  sentencesOf,
  speakableText,
} from '../../../../../renderer/src/chat/voice/sentences';

const property = {
  seed: Number(process.env.FC_SEED ?? 43),
  numRuns: Number(process.env.FC_RUNS ?? 100),
};

describe('sentencesOf', () => {
  it('splits at the end of each sentence', () => {
    expect(sentencesOf('Paris is the capital. It is in France! Is it big? Yes.')).toEqual([
      'Paris is the capital.',
      'It is in France!',
      'Is it big?',
      'Yes.',
    ]);
  });

  it('keeps abbreviations and initials inside their sentence', () => {
    expect(
      sentencesOf(
        'Dr. Smith met Mr. Brown, e.g. at noon. J. R. R. Tolkien wrote it. Then he left.',
      ),
    ).toEqual([
      'Dr. Smith met Mr. Brown, e.g. at noon.',
      'J. R. R. Tolkien wrote it.',
      'Then he left.',
    ]);
  });

  it('keeps decimals and versions whole', () => {
    expect(sentencesOf('Pi is about 3.14 and e is 2.718. Version 1.2.3 is out.')).toEqual([
      'Pi is about 3.14 and e is 2.718.',
      'Version 1.2.3 is out.',
    ]);
  });

  it('splits Russian, keeping its abbreviations', () => {
    expect(
      sentencesOf(
        'Столица Франции — Париж. Он стоит на Сене, т.е. на реке. В 1900 г. там была выставка! А. С. Пушкин там не был… Почему?',
      ),
    ).toEqual([
      'Столица Франции — Париж.',
      'Он стоит на Сене, т.е. на реке.',
      'В 1900 г. там была выставка!',
      'А. С. Пушкин там не был…',
      'Почему?',
    ]);
  });

  it('goes on after a period followed by a lower-case word', () => {
    expect(sentencesOf('It weighs approx. ten kilos, i.e. a lot. Done.')).toEqual([
      'It weighs approx. ten kilos, i.e. a lot.',
      'Done.',
    ]);
  });

  it('ends a sentence at a closing quote after its mark', () => {
    expect(sentencesOf('He said "Stop." Then he went.')).toEqual([
      'He said "Stop."',
      'Then he went.',
    ]);
  });
});

describe('speakableText', () => {
  it('leaves out code blocks, inline code, tables, pictures and math', () => {
    const answer = [
      'Here is code:',
      '```ts',
      'const x = 1. Not a sentence.',
      '```',
      'Run `npm test` now.',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '![chart](chart.png)Look above.',
      '$$',
      'x = 2. y',
      '$$',
      'Inline $x^2$ math.',
    ].join('\n');
    expect(sentencesOf(answer)).toEqual([
      'Here is code:',
      'Run now.',
      'Look above.',
      'Inline math.',
    ]);
  });

  it('reads a link by its words and drops markup, list and quote marks, headings and tags', () => {
    expect(
      speakableText(
        '## The **answer**\n> Read [the guide](https://example.com/a.html). Or https://x.org.\n- _First_ item\n1. Second <b>one</b>',
      ),
    ).toBe('The answer\nRead the guide. Or\nFirst item\nSecond one');
  });

  it('takes each block as its own sentence, punctuation or not', () => {
    expect(sentencesOf('# Title\n\n- one\n- two')).toEqual(['Title', 'one', 'two']);
  });

  it('leaves out everything after a code fence still open in a streaming answer', () => {
    expect(sentencesOf('Look:\n```py\nprint("Hi. There.")')).toEqual(['Look:']);
  });
});

describe('createSentenceStream', () => {
  it('gives a sentence once text follows it, and the rest at the end', () => {
    const stream = createSentenceStream();
    expect(stream.push('Pi is 3.')).toEqual([]);
    expect(stream.push('Pi is 3.14. Dr.')).toEqual(['Pi is 3.14.']);
    expect(stream.push('Pi is 3.14. Dr. Who is here')).toEqual([]);
    expect(stream.push('Pi is 3.14. Dr. Who is here. And')).toEqual(['Dr. Who is here.']);
    expect(stream.end('Pi is 3.14. Dr. Who is here. And more.')).toEqual(['And more.']);
  });

  it('gives, over any cutting of the stream, the sentences of the whole answer once each in order', () => {
    const answer = [
      'Here is the simulated answer of **Model**.',
      '> What is the capital of France?',
      'I received 1 message. It costs 0.5 credits, e.g. nothing.',
      '- Its first word is "What".',
      '- Reference: `abc123`',
      '```js\nconst a = 1. b\n```',
      'Столица — Париж. Т. е. город на Сене!',
    ].join('\n\n');
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: answer.length - 1 })), (cuts) => {
        const stream = createSentenceStream();
        const given = [...cuts]
          .sort((a, b) => a - b)
          .flatMap((cut) => stream.push(answer.slice(0, cut)));
        given.push(...stream.end(answer));
        expect(given).toEqual(sentencesOf(answer));
      }),
      property,
    );
  });
});
