// What the web host prints: one clean line from text others chose, or every hidden character shown for a question the person answers.
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../dev/terminal-text';

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
