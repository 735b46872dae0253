/** Messages between `FliteThread` (owner) and `flite-host` (its worker thread). */

/** One invocation of the flite command line. */
export interface FliteRun {
  /** Arguments after the program name, e.g. `['-voice', 'slt', '-t', 'Hello']`. */
  args: string[];
  /** Text files the run may read, keyed by absolute path. */
  files?: Record<string, string>;
  /** Paths of files the run writes that should be sent back. */
  outputs?: string[];
}

export interface FliteRunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Bytes of each requested output file the run created. */
  outputs: Record<string, Uint8Array>;
  /** Time spent inside flite, for measurements. */
  milliseconds: number;
}

export interface FliteHostRequest {
  id: number;
  runs: FliteRun[];
}

/** Sent when a reply left the owner with nothing queued: the host drops its instance (see flite-host.ts). */
export interface FliteHostRelease {
  release: true;
}

export type FliteHostReply =
  | { id: number; ok: true; results: FliteRunResult[] }
  | { id: number; ok: false; error: string };
