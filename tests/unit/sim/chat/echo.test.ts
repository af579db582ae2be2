// Unit tests of the simulator's [[echo]] trigger: the answer is the question's text after the marker.
import { describe, expect, it } from 'vitest';
import { echoedText } from '../../../../sim/chat/echo';

describe('echoedText', () => {
  it('is what follows the marker, its first line end dropped', () => {
    expect(echoedText('[[echo]]\n```mermaid\nflowchart LR\n```')).toBe(
      '```mermaid\nflowchart LR\n```',
    );
    expect(echoedText('[[slow]] [[echo]]\r\nHello')).toBe('Hello');
    expect(echoedText('[[echo]] same line')).toBe(' same line');
  });

  it('is null without the marker', () => {
    expect(echoedText('Hello [[echo ]]')).toBeNull();
  });
});
