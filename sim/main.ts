// `npm run sim`: starts the simulated service from the environment and prints its addresses.
import { startSim } from './server';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} is not a port: ${raw}`);
  return port;
}

const port = portFromEnv('SIM_PORT', 7070);
const legacyPort = portFromEnv('SIM_LEGACY_PORT', 6070);
const modelsProfile = process.env.SIM_MODELS === 'rich' ? 'rich' : 'minimal';
const errorLanguage = process.env.SIM_LANG === 'ru' ? 'ru' : 'en';
const sim = await startSim({
  port,
  modelsProfile,
  errorLanguage,
  // The debug listener is on port + 1, where the app looks for it by default.
  // 0 turns the legacy listener off here; startSim itself reads 0 as "any free port".
  legacyPort: legacyPort === 0 ? undefined : legacyPort,
});
console.log(`Simulated service: ${sim.baseUrl}`);
console.log(`Debug listener:    ${sim.debugBaseUrl}`);
if (sim.legacyBaseUrl) console.log(`Legacy listener:   ${sim.legacyBaseUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
