// A deferred component: its fallback while its code is on the way, itself (without suspending) once loaded.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../../renderer/src/common/deferred';

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hello ${name}`);
}

describe('deferred', () => {
  it('shows the fallback before the code arrives and loads it only once', async () => {
    let loads = 0;
    const part = deferred<{ name: string }>(
      () => {
        loads += 1;
        return Promise.resolve(Greeting);
      },
      createElement('span', null, 'waiting'),
    );
    expect(renderToStaticMarkup(createElement(part.Component, { name: 'Ada' }))).toBe(
      '<span>waiting</span>',
    );
    await part.preload();
    await part.preload();
    expect(loads).toBe(1);
  });

  it('renders the component itself once preloaded, with no fallback in between', async () => {
    const part = deferred<{ name: string }>(
      () => Promise.resolve(Greeting),
      createElement('span', null, 'waiting'),
    );
    await part.preload();
    expect(renderToStaticMarkup(createElement(part.Component, { name: 'Ada' }))).toBe(
      '<p>Hello Ada</p>',
    );
  });

  it('tries again after a failed fetch', async () => {
    let attempts = 0;
    const part = deferred<{ name: string }>(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('gone')) : Promise.resolve(Greeting);
    });
    await part.preload();
    await part.preload();
    expect(attempts).toBe(2);
    expect(renderToStaticMarkup(createElement(part.Component, { name: 'Bo' }))).toBe(
      '<p>Hello Bo</p>',
    );
  });
});
