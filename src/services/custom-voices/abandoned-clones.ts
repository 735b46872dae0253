import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import type { Sweep } from '../maintenance/sweep-scheduler.js';
import { customVoiceRepository, type CustomVoiceRepository, type DatabaseHandle } from '../../repositories/index.js';

/**
 * Instant clones are made inside one HTTP request, with no queued job behind them: if the
 * process dies meanwhile, the voice would stay `training` for ever. So while a clone runs, its
 * process touches the row every `heartbeatMs`, and one node of the cluster sweeps regularly (first
 * at start) for instant voices whose heartbeat stopped more than `staleMs` ago, and fails them.
 * A heartbeat rather than "fail them all at start", because other processes may share the
 * database and be cloning at this very moment. Professional clones need none of this: their
 * durable job resumes them.
 */
export const heartbeatMs = 5_000;
export const staleMs = 20_000;
export const sweepIntervalMs = 10_000;
/** Temp files are looked at this often (they are an hour old before they go). */
export const tempSweepIntervalMs = 60_000;
/**
 * Temp files (uploads being read, recordings being trained) older than this were left by a
 * process that died: an upload is written as it arrives and an analysis of three hours of audio
 * takes minutes, so a live file never gets this old.
 */
export const tempMaxAgeMs = 60 * 60_000;

export const abandonedError = 'The voice could not be finished because the server stopped while making it. Delete it and clone the voice again.';

/** Keeps an instant clone's row fresh while it is made; returns the function that stops it. */
export function keepAlive(voices: CustomVoiceRepository | DatabaseHandle, clock: Clock, voiceId: string, onError: (error: unknown) => void): () => void {
  const repository = customVoiceRepository(voices);
  const timer = setInterval(() => {
    repository.touchInProgress(voiceId, clock.now()).catch(onError);
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Fails the instant voices nobody is making any more; returns how many. */
export async function failAbandonedInstantClones(voices: CustomVoiceRepository | DatabaseHandle, clock: Clock): Promise<number> {
  const now = clock.now();
  return customVoiceRepository(voices).failStaleInstant(now - staleMs, abandonedError, now);
}

/** Removes the temp files a dead process left in `folder` (by modification time, on the real clock: it is the file system's). */
export async function removeAbandonedTempFiles(folder: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > tempMaxAgeMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The two sweeps, for the maintenance SweepScheduler: failing abandoned instant clones works on
 * the shared database (once per cluster); removing temp files cleans this process's own folder
 * (every node).
 */
export function abandonedCloneSweeps(voices: CustomVoiceRepository, clock: Clock, tmpDir: string): Sweep[] {
  return [
    { name: 'abandoned-instant-clones', scope: 'cluster', periodMs: sweepIntervalMs, run: async () => void (await failAbandonedInstantClones(voices, clock)) },
    { name: 'abandoned-clone-temp-files', scope: 'node', periodMs: tempSweepIntervalMs, run: async () => void (await removeAbandonedTempFiles(tmpDir)) },
  ];
}
