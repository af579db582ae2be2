import { rm } from 'node:fs/promises';
import { startWebHost } from '../dev/web';
import { freshContext, launchChromium } from './browser';
import { watchMessageBox } from './first-screen';
const dataDir = '/tmp/load14/prof-data';
await rm(dataDir, { recursive: true, force: true });
const host = await startWebHost({ port: 0, dataDir, log: () => undefined });
const browser = await launchChromium();
const totals: Record<string, number> = {};
const marks: string[] = [];
for (let run = 0; run < 3; run++) {
  const context = await freshContext(browser);
  const page = await context.newPage();
  await page.addInitScript(watchMessageBox);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(host.url);
  await page.waitForFunction(() => (window.benchFirst?.interactiveAt ?? null) !== null);
  const { profile } = await cdp.send('Profiler.stop');
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance
      .getEntriesByType('resource')
      .map(
        (r) =>
          `${r.name.split('/').pop()} ${r.startTime.toFixed(0)}-${(r as PerformanceResourceTiming).responseEnd.toFixed(0)}`,
      );
    const paints = performance
      .getEntriesByType('paint')
      .map((p) => `${p.name} ${p.startTime.toFixed(0)}`);
    return {
      dcl: nav.domContentLoadedEventEnd.toFixed(0),
      res,
      paints,
      box: window.benchFirst!.interactiveAt!.toFixed(0),
    };
  });
  marks.push(JSON.stringify(timing));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const url = n.callFrame.url.split('/').pop() || n.callFrame.functionName || '(native)';
    const key = `${url} ${n.callFrame.functionName}:${n.callFrame.lineNumber}`;
    totals[key] = (totals[key] ?? 0) + (dt[i] ?? 0) / 1000;
  });
  await context.close();
}
for (const m of marks) console.log(m);
for (const [k, v] of Object.entries(totals)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 40))
  console.log((v / 3).toFixed(1).padStart(7), k);
await browser.close();
await host.close();
