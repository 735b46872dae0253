import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../config/startup-error.js';

/** Kernel pseudo-filesystems: Node's recursive mkdir loops forever under /proc, and nothing belongs there. */
const pseudoFilesystems = ['/proc', '/sys', '/dev'];

function isInside(dir: string, root: string): boolean {
  return dir === root || dir.startsWith(`${root}/`);
}

/** The deepest existing ancestor of `dir`, symlinks resolved, so `/tmp/link-to-proc/x` is caught too. */
function realAncestor(dir: string): string {
  let current = dir;
  for (;;) {
    try {
      return path.join(fs.realpathSync(current), path.relative(current, dir));
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return dir;
      current = parent;
    }
  }
}

/**
 * Makes DATA_DIR (and its parents) and checks it is a writable directory, before anything
 * opens a file in it. Every refusal is a StartupError naming the directory.
 */
export function prepareDataDir(dataDir: string): void {
  const real = realAncestor(path.resolve(dataDir));
  const root = pseudoFilesystems.find((r) => isInside(real, r));
  if (root) throw new StartupError(`DATA_DIR ${dataDir} is inside ${root}, a kernel filesystem: choose a directory on a disk`);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dataDir);
  } catch {
    // absent: made below
  }
  if (stat && !stat.isDirectory()) throw new StartupError(`DATA_DIR ${dataDir} is a file, not a directory: remove it or choose another DATA_DIR`);
  if (!stat) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOTDIR' || code === 'EEXIST' ? 'a part of its path is a file' : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'permission denied' : (error as Error).message;
      throw new StartupError(`cannot create DATA_DIR ${dataDir}: ${reason}`, { cause: error });
    }
  }
  try {
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} is not writable by this user: fix its permissions or choose another DATA_DIR`, { cause: error });
  }
}
