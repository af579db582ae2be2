// The ledger's CSV: RFC 4180 quoting, CRLF lines, decimal points, and text a spreadsheet would run kept as text.
import { describe, expect, it } from 'vitest';
import {
  csvField,
  entryLine,
  SPENDING_CSV_HEADER,
} from '../../../../../electron/core/features/spending/csv';

describe('the spending CSV', () => {
  it('quotes a field with a comma, a quote or a line break, and doubles its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(0.5)).toBe('0.5');
  });

  it('keeps a formula-looking title as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1+1')).toBe("'-1+1");
  });

  it('writes one line per entry in the header’s order', () => {
    const line = entryLine(
      {
        id: 7,
        at: Date.UTC(2026, 0, 2, 3, 4, 5),
        feature: 'chat',
        model: 'openai/gpt-4o-mini',
        conversationId: 'c1',
        itemId: null,
        units: { promptTokens: 10, completionTokens: 20 },
        estimate: null,
        charge: '0.000015',
        reported: '0.000016',
        observed: null,
        demo: false,
      },
      'Eggs, boiled',
    );
    expect(line.endsWith('\r\n')).toBe(true);
    const fields = line.trimEnd().split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(fields).toHaveLength(SPENDING_CSV_HEADER.length);
    expect(Object.fromEntries(SPENDING_CSV_HEADER.map((h, i) => [h, fields[i]]))).toMatchObject({
      id: '7',
      time: '2026-01-02T03:04:05.000Z',
      conversation_title: '"Eggs, boiled"',
      prompt_tokens: '10',
      completion_tokens: '20',
      charge: '0.000015',
      reported: '0.000016',
      refunded: 'false',
      demo: 'false',
    });
  });
});
