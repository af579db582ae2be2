// The event outbox: core's events held until the window's page has loaded, then delivered in order.
import { describe, expect, it } from 'vitest';
import { createEventOutbox } from '../../../electron/main/outbox';

describe('createEventOutbox', () => {
  it('holds events until the page has loaded, then delivers them in order', () => {
    const delivered: unknown[] = [];
    const outbox = createEventOutbox((event, payload) => delivered.push([event, payload]));
    outbox.post('conversations.changed', { id: 'a', summary: null });
    outbox.post('conversations.changed', { id: 'b', summary: null });
    expect(delivered).toEqual([]);
    outbox.open();
    outbox.post('conversations.changed', { id: 'c', summary: null });
    expect(delivered.map((item) => (item as [string, { id: string }])[1].id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    outbox.close();
    outbox.post('conversations.changed', { id: 'd', summary: null });
    expect(delivered).toHaveLength(3);
  });

  it('drops the oldest events past its limit', () => {
    const delivered: string[] = [];
    const outbox = createEventOutbox(
      (_event, payload) => delivered.push((payload as { id: string }).id),
      2,
    );
    for (const id of ['1', '2', '3']) outbox.post('conversations.changed', { id, summary: null });
    outbox.open();
    expect(delivered).toEqual(['2', '3']);
  });
});
