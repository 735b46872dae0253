import type { Config } from '../../config/config.js';

/** What one doctor check found: ok, a warning, or a failure with how to fix it. */
export interface CheckResult {
  name: string;
  status: 'ok' | 'warn' | 'fail' | 'skip';
  detail: string;
  /** What to do about a warning or failure. */
  fix?: string;
}

/** One thing `orator doctor` looks at. A check never throws: it reports. */
export type Check = (config: Config) => Promise<CheckResult[]>;

/** Runs `work`; a throw becomes a failed result carrying the error's first line, a slow answer a timeout. */
export async function attempt(name: string, work: () => Promise<CheckResult>, fix: string, timeoutMs = 30_000): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    return { name, status: 'fail', detail: (error instanceof Error ? error.message : String(error)).split('\n')[0], fix };
  } finally {
    clearTimeout(timer);
  }
}
