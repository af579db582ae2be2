// Diagnostics through createCore against the simulator: the debug listener, its read interval, the legacy address, a full disk.
import { describe, expect, it } from 'vitest';
import type { DebugReceived, DiagnosticsView } from '../../../../../shared/diagnostics';
import type { UserError } from '../../../../../shared/types';
import { fillDisk } from '../../disk-full';
import { env, openCore } from '../../simulated-core';

describe('diagnostics', () => {
  it('sends a test request, reads it back masked, and keeps to the interval', async () => {
    const { call, attempt } = await openCore({ debugLatestIntervalMs: 60_000 });
    const view = await call<DiagnosticsView>('diagnostics.update', {
      debugBaseUrl: env.sim.debugBaseUrl,
    });
    expect(view).toMatchObject({ debugBaseUrl: env.sim.debugBaseUrl, minIntervalMs: 60_000 });
    expect(view.defaultLegacyBaseUrl).toBe(env.sim.baseUrl.replace(/:\d+\//, ':6070/'));
    const test = await call<{ status: number }>('diagnostics.sendTest');
    expect(test.status).toBe(200);
    const received = await call<DebugReceived>('diagnostics.fetchReceived');
    const text = JSON.stringify(received.call);
    expect(text).toContain('Atelier diagnostics: test request');
    expect(text).not.toContain('sim-fast');
    expect(received.nextFetchAt).toBeGreaterThan(Date.now() + 55_000);
    const again = await attempt('diagnostics.fetchReceived');
    expect(!again.ok && (again.error as UserError).code).toBe('rate_limited');
    expect((await call<DiagnosticsView>('diagnostics.get')).nextFetchAt).toBe(received.nextFetchAt);
  });
});

describe('diagnostics on a full disk', () => {
  it('says the addresses were not saved, and keeps those on disk', async () => {
    const { call, attempt } = await openCore();
    await call('diagnostics.update', { debugBaseUrl: env.sim.debugBaseUrl });
    const freeDisk = fillDisk();
    try {
      const refused = await attempt('diagnostics.update', { debugBaseUrl: null });
      expect(!refused.ok && refused.error).toMatchObject({
        code: 'storage',
        details: { reason: 'disk_full' },
      });
    } finally {
      freeDisk();
    }
    expect((await call<DiagnosticsView>('diagnostics.get')).debugBaseUrl).toBe(
      env.sim.debugBaseUrl,
    );
  });
});
