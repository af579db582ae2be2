// The web host as the crash test runs it: a child process on a data folder that prints the address it printed (its single-use login) as one JSON line.
import { startWebHost } from '../../dev/web';
import { READY_PREFIX } from './host-process';

async function main(): Promise<void> {
  const dataDir = process.env.ATELIER_DATA_DIR;
  if (!dataDir) throw new Error('ATELIER_DATA_DIR must name the data folder');
  const host = await startWebHost({
    port: 0,
    dataDir,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url: host.url })}\n`);
  // A clean stop (SIGTERM) disposes core as the real host does; the test's kills are SIGKILL.
  process.once('SIGTERM', () => {
    void host.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`The soak host could not start: ${String(error)}\n`);
  process.exit(1);
});
