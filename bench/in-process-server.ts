import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openServices, type Services } from '../src/app/services.js';
import { readConfig } from '../src/config/config.js';
import { buildApp } from '../src/http/app.js';

export interface BenchServer {
  url: string;
  services: Services;
  /** The API key of a fresh account on the `custom` plan (limits out of the way). */
  apiKey: string;
  /** The voice id of the built-in English voice Olivia, the benches' common voice. */
  olivia: string;
  close(): Promise<void>;
}

/** An Orator in this process on a temporary data directory, listening on a loopback port; `env` adds settings. */
export async function startBenchServer(name: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `orator-bench-${name}-`));
  const services = await openServices(readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...env }));
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const { apiKey } = await services.accounts.createAccount({ plan: 'custom' });
  const voices = (await (await fetch(`${url}/v3/voices`, { headers: { 'x-api-key': apiKey } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
  const olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
  return {
    url,
    services,
    apiKey,
    olivia,
    async close() {
      await app.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
