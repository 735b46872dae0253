/**
 * Just enough of WASI preview1 to run flite.wasm as a command, with every file in memory.
 *
 * node:wasi would do, but it needs real directories for flite's input and output files, real file
 * descriptors for stdout, and prints an experimental warning; flite only opens a text file, writes
 * a WAV file and prints to stdout, so a small in-memory file table is simpler and leaves no files.
 */

const ESUCCESS = 0;
const EBADF = 8;
const EINVAL = 28;
const ENOENT = 44;

const FILETYPE_CHARACTER_DEVICE = 2;
const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;

const OFLAG_CREAT = 1;
const OFLAG_TRUNC = 8;

const PREOPEN_FD = 3;

/** Thrown by proc_exit so that `_start` unwinds; carries the exit code. */
export class WasiExit extends Error {
  constructor(readonly code: number) {
    super(`flite exited with code ${code}`);
  }
}

/** A growable byte buffer with a cursor, standing in for one open file. */
class MemoryFile {
  bytes: Uint8Array;
  size: number;

  constructor(initial?: Uint8Array) {
    this.bytes = initial ? initial.slice() : new Uint8Array(4096);
    this.size = initial ? initial.length : 0;
  }

  write(at: number, chunk: Uint8Array): void {
    const end = at + chunk.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    this.bytes.set(chunk, at);
    this.size = Math.max(this.size, end);
  }

  contents(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

interface OpenFile {
  file: MemoryFile;
  position: number;
}

export interface MemoryWasiOptions {
  args: string[];
  /** Files readable by the program, keyed by absolute path (e.g. `/input.txt`). */
  files?: Record<string, Uint8Array>;
}

/**
 * One program run: pass `imports` to instantiate, then `start` the instance with its arguments.
 * Arguments come at start, not construction, so an instance can be made ahead of the request.
 */
export class MemoryWasi {
  readonly imports: WebAssembly.Imports = { wasi_snapshot_preview1: this.functions() };
  private memory?: WebAssembly.Memory;
  private args: Uint8Array[] = [];
  private readonly files = new Map<string, MemoryFile>();
  private readonly open = new Map<number, OpenFile>();
  private nextFd = PREOPEN_FD + 1;
  private readonly stdout: number[] = [];
  private readonly stderr: number[] = [];

  /** Runs `_start` once; returns the exit code (0 when main returns normally). */
  start(instance: WebAssembly.Instance, options: MemoryWasiOptions): number {
    if (this.memory) throw new Error('A WASI program instance runs only once');
    const encoder = new TextEncoder();
    this.args = options.args.map((arg) => encoder.encode(`${arg}\0`));
    for (const [path, bytes] of Object.entries(options.files ?? {})) {
      this.files.set(normalizePath(path), new MemoryFile(bytes));
    }
    this.memory = instance.exports.memory as WebAssembly.Memory;
    try {
      (instance.exports._start as () => void)();
      return 0;
    } catch (error) {
      if (error instanceof WasiExit) return error.code;
      throw error;
    }
  }

  stdoutText(): string {
    return Buffer.from(this.stdout).toString('utf8');
  }

  stderrText(): string {
    return Buffer.from(this.stderr).toString('utf8');
  }

  /** The bytes of a file the program wrote, or undefined when it never created it. */
  file(path: string): Uint8Array | undefined {
    return this.files.get(normalizePath(path))?.contents();
  }

  private view(): DataView {
    return new DataView(this.memory!.buffer);
  }

  private bytes(pointer: number, length: number): Uint8Array {
    return new Uint8Array(this.memory!.buffer, pointer, length);
  }

  private functions(): Record<string, (...args: never[]) => number | void> {
    return {
      args_sizes_get: (countPointer: number, sizePointer: number) => {
        const view = this.view();
        view.setUint32(countPointer, this.args.length, true);
        view.setUint32(sizePointer, this.args.reduce((sum, arg) => sum + arg.length, 0), true);
        return ESUCCESS;
      },
      args_get: (argvPointer: number, bufferPointer: number) => {
        const view = this.view();
        let at = bufferPointer;
        this.args.forEach((arg, index) => {
          view.setUint32(argvPointer + index * 4, at, true);
          this.bytes(at, arg.length).set(arg);
          at += arg.length;
        });
        return ESUCCESS;
      },
      clock_time_get: (_id: number, _precision: bigint, timePointer: number) => {
        this.view().setBigUint64(timePointer, process.hrtime.bigint(), true);
        return ESUCCESS;
      },
      fd_close: (fd: number) => (this.open.delete(fd) ? ESUCCESS : EBADF),
      fd_fdstat_get: (fd: number, statPointer: number) => {
        const type = fd <= 2 ? FILETYPE_CHARACTER_DEVICE
          : fd === PREOPEN_FD ? FILETYPE_DIRECTORY
          : this.open.has(fd) ? FILETYPE_REGULAR_FILE : 0;
        if (type === 0) return EBADF;
        const view = this.view();
        view.setUint8(statPointer, type);
        view.setUint16(statPointer + 2, 0, true);
        // All rights: the program may do anything with its own in-memory files.
        view.setBigUint64(statPointer + 8, 0xffffffffffffffffn, true);
        view.setBigUint64(statPointer + 16, 0xffffffffffffffffn, true);
        return ESUCCESS;
      },
      fd_fdstat_set_flags: () => ESUCCESS,
      fd_prestat_get: (fd: number, prestatPointer: number) => {
        if (fd !== PREOPEN_FD) return EBADF;
        const view = this.view();
        view.setUint8(prestatPointer, 0); // a directory
        view.setUint32(prestatPointer + 4, 1, true); // name "/"
        return ESUCCESS;
      },
      fd_prestat_dir_name: (fd: number, pathPointer: number, pathLength: number) => {
        if (fd !== PREOPEN_FD || pathLength < 1) return EBADF;
        this.bytes(pathPointer, 1)[0] = 0x2f; // "/"
        return ESUCCESS;
      },
      fd_read: (fd: number, iovecs: number, iovecCount: number, readPointer: number) => {
        const view = this.view();
        const open = this.open.get(fd);
        let total = 0;
        if (fd !== 0 && !open) return EBADF;
        for (let i = 0; i < iovecCount && open; i++) {
          const pointer = view.getUint32(iovecs + i * 8, true);
          const length = view.getUint32(iovecs + i * 8 + 4, true);
          const available = Math.max(0, Math.min(length, open.file.size - open.position));
          this.bytes(pointer, available).set(open.file.bytes.subarray(open.position, open.position + available));
          open.position += available;
          total += available;
          if (available < length) break;
        }
        view.setUint32(readPointer, total, true); // stdin is always empty
        return ESUCCESS;
      },
      fd_seek: (fd: number, offset: bigint, whence: number, resultPointer: number) => {
        const open = this.open.get(fd);
        if (!open) return EBADF;
        const base = whence === 0 ? 0 : whence === 1 ? open.position : open.file.size;
        const position = base + Number(offset);
        if (position < 0) return EINVAL;
        open.position = position;
        this.view().setBigUint64(resultPointer, BigInt(position), true);
        return ESUCCESS;
      },
      fd_write: (fd: number, iovecs: number, iovecCount: number, writtenPointer: number) => {
        const view = this.view();
        const open = this.open.get(fd);
        if (fd !== 1 && fd !== 2 && !open) return EBADF;
        let total = 0;
        for (let i = 0; i < iovecCount; i++) {
          const pointer = view.getUint32(iovecs + i * 8, true);
          const length = view.getUint32(iovecs + i * 8 + 4, true);
          const chunk = this.bytes(pointer, length);
          if (open) {
            open.file.write(open.position, chunk);
            open.position += length;
          } else {
            const sink = fd === 1 ? this.stdout : this.stderr;
            for (const byte of chunk) sink.push(byte);
          }
          total += length;
        }
        view.setUint32(writtenPointer, total, true);
        return ESUCCESS;
      },
      path_open: (
        dirFd: number, _dirFlags: number, pathPointer: number, pathLength: number, openFlags: number,
        _rightsBase: bigint, _rightsInheriting: bigint, _fdFlags: number, fdPointer: number,
      ) => {
        if (dirFd !== PREOPEN_FD) return EBADF;
        const path = normalizePath(Buffer.from(this.bytes(pathPointer, pathLength)).toString('utf8'));
        let file = this.files.get(path);
        if (!file || (openFlags & OFLAG_TRUNC)) {
          if (!file && !(openFlags & OFLAG_CREAT)) return ENOENT;
          file = new MemoryFile();
          this.files.set(path, file);
        }
        const fd = this.nextFd++;
        this.open.set(fd, { file, position: 0 });
        this.view().setUint32(fdPointer, fd, true);
        return ESUCCESS;
      },
      proc_exit: (code: number) => {
        throw new WasiExit(code);
      },
    };
  }
}

function normalizePath(path: string): string {
  return path.replace(/^(\.?\/)+/, '');
}
