// The "Demo service (offline)" profile: the simulator started in-process on a loopback port.

/** The simulator's key for demo use: any sim- key has the standard plan and credits. */
export const DEMO_KEY = 'sim-demo';

export interface DemoService {
  /** Starts the simulator (once) and gives its base URL; on `port` when given, else any free port. */
  start(port?: number): Promise<string>;
  /** The running simulator's base URL, or null. */
  baseUrl(): string | null;
  close(): Promise<void>;
}

interface RunningSim {
  baseUrl: string;
  close(): Promise<void>;
}

/** The base URL of an earlier demo session: plain http on the loopback address. */
export function demoPortOf(baseUrl: string): number | null {
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1') return null;
    const port = Number(url.port);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

export function createDemoService(): DemoService {
  let sim: RunningSim | null = null;
  let starting: Promise<RunningSim> | null = null;

  async function launch(port: number): Promise<RunningSim> {
    // Loaded on demand: most sessions never use the demo, and the simulator is sizeable.
    const { startSim } = await import('../../../../sim/server');
    // No test control endpoints and no request log: that log keeps raw headers. The rich list
    // states each media model's price per picture or second, so what the demo lists is what it
    // charges (the minimal one shows DALL-E 3 at "input 0 · output 0" and charges 0.04).
    return startSim({ port, debugPort: 0, control: false, modelsProfile: 'rich' });
  }

  return {
    async start(port) {
      if (sim) return sim.baseUrl;
      starting ??= launch(port ?? 0);
      try {
        sim = await starting;
      } finally {
        starting = null;
      }
      return sim.baseUrl;
    },

    baseUrl: () => sim?.baseUrl ?? null,

    async close() {
      const running = sim ?? (await starting?.catch(() => null)) ?? null;
      sim = null;
      await running?.close();
    },
  };
}
