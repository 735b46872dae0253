import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { EspeakModule } from '@echogarden/espeak-ng-emscripten';

/**
 * eSpeak NG's data (every language's dictionary, phoneme tables, voices: 24 MB) comes as one
 * Emscripten data package that the module would read whole into memory in every thread that loads
 * eSpeak, although a thread speaking English reads about 1 MB of it. Instead the package is handed
 * to the module as a zero-filled buffer of its size (untouched pages cost no memory), and each
 * file's bytes are read from the package on disk the first time eSpeak opens it: the file system
 * holds exactly what the thread used.
 */
const packagePath = createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten/espeak-ng.data');

/** Module options that make the package load as an empty buffer; call `fillOnFirstRead` once the module is ready. */
export function emptyDataPackage(): { getPreloadedPackage(name: string, size: number): ArrayBuffer } {
  return {
    getPreloadedPackage: (_name, size) => {
      const onDisk = statSync(packagePath).size;
      if (onDisk !== size) throw new Error(`eSpeak NG's data package is ${onDisk} bytes on disk, its module expects ${size}`);
      return new ArrayBuffer(size);
    },
  };
}

interface FileNode {
  mode: number;
  /** A file's bytes (a view into the package buffer, at the file's place in the package) or a folder's entries. */
  contents: Uint8Array | Record<string, FileNode>;
}

/**
 * Makes every file under `root` read its bytes from the package on disk when first used. Emscripten
 * created each file as a view into the package buffer at the file's offset in the package (it owns
 * the buffer), so the view says where the bytes are; they are read into that same view, once.
 */
export function fillOnFirstRead(module: EspeakModule, root: string): void {
  const fs = module.FS as unknown as { lookupPath(path: string): { node: FileNode }; isFile(mode: number): boolean; isDir(mode: number): boolean };
  const visit = (node: FileNode): void => {
    if (fs.isDir(node.mode)) {
      for (const child of Object.values(node.contents as Record<string, FileNode>)) visit(child);
    } else if (fs.isFile(node.mode) && node.contents instanceof Uint8Array) {
      readOnFirstUse(node, node.contents);
    }
  };
  visit(fs.lookupPath(root).node);
}

function readOnFirstUse(node: FileNode, view: Uint8Array): void {
  Object.defineProperty(node, 'contents', {
    configurable: true,
    enumerable: true,
    get(): Uint8Array {
      const fd = openSync(packagePath, 'r');
      try {
        for (let done = 0; done < view.length; ) {
          const read = readSync(fd, view, done, view.length - done, view.byteOffset + done);
          if (read === 0) throw new Error(`eSpeak NG's data package ended early (${packagePath})`);
          done += read;
        }
      } finally {
        closeSync(fd);
      }
      Object.defineProperty(node, 'contents', { configurable: true, enumerable: true, writable: true, value: view });
      return view;
    },
    // eSpeak never writes its data files; a write would replace the contents like a plain property.
    set(value: Uint8Array) {
      Object.defineProperty(node, 'contents', { configurable: true, enumerable: true, writable: true, value });
    },
  });
}
