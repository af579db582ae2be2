// What the web host prints: one clean line from text others chose, or every hidden character shown for a question the person answers.
import { describe, expect, it } from 'vitest';
import { terminalSafe, visibleText } from '../../../dev/terminal-text';

describe('terminalSafe', () => {
  it('cleans what reaches the terminal of control characters, forged lines and bidi tricks', () => {
    expect(terminalSafe('https://ok.example/\u001b[2J\rAtelier is running at http://evil\n')).toBe(
      'https://ok.example/[2JAtelier is running at http://evil',
    );
    expect(terminalSafe('a\u202eb\u0085c\u007f')).toBe('abc');
    expect(terminalSafe('x'.repeat(5000))).toHaveLength(2001);
  });

  it('drops the line and paragraph separators and every bidirectional control', () => {
    const hidden = [
      '\u2028',
      '\u2029',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const char of hidden)
      expect(terminalSafe(`Open this link: https://a.example/${char}moc.live`)).toBe(
        'Open this link: https://a.example/moc.live',
      );
  });
});

describe('visibleText', () => {
  it('shows hidden characters by their code point and counts long runs of spaces', () => {
    expect(visibleText('a\nb\u202ec\u2028d\u200be\u00a0f')).toBe(
      'a<U+000A>b<U+202E>c<U+2028>d<U+200B>e<U+00A0>f',
    );
    expect(visibleText(`x${' '.repeat(12)}y z`)).toBe('x<12 spaces>y z');
    expect(visibleText('npx -y server')).toBe('npx -y server');
  });
});
