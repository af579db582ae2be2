// Diagnostics through createCore against the simulator: the debug listener, its read interval, the legacy address.
import { describe, expect, it } from 'vitest';
import type { DebugReceived, DiagnosticsView } from '../../../../../shared/diagnostics';
import type { UserError } from '../../../../../shared/types';
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
