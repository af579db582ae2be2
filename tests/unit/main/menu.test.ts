// The application menu: reload and developer tools only in development.
import { describe, expect, it } from 'vitest';
import { menuTemplate } from '../../../electron/main/menu';

describe('menuTemplate', () => {
  const roles = (template: ReturnType<typeof menuTemplate>): string[] =>
    JSON.stringify(template).match(/"role":"\w+"/g) ?? [];

  it('always has the edit roles, and reload and devtools only in development', () => {
    const shipped = roles(menuTemplate({ dev: false, mac: false }));
    const dev = roles(menuTemplate({ dev: true, mac: false }));
    for (const role of ['copy', 'paste', 'cut', 'selectAll', 'undo']) {
      expect(shipped).toContain(`"role":"${role}"`);
    }
    expect(shipped).not.toContain('"role":"reload"');
    expect(shipped).not.toContain('"role":"toggleDevTools"');
    expect(dev).toContain('"role":"reload"');
    expect(dev).toContain('"role":"toggleDevTools"');
  });
});
