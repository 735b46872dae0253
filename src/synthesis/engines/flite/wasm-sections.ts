import { readSync } from 'node:fs';

/** One section of a WebAssembly binary file, by its place in the file. */
export interface WasmSection {
  id: number;
  /** File offset of the section's id byte. */
  start: number;
  /** File offset of its content (after the id and the size). */
  contentStart: number;
  /** File offset just past it. */
  end: number;
}

/** Bytes of an active data segment: where they go in memory 0, and where they are in the file. */
export interface DataSegment {
  memoryOffset: number;
  fileOffset: number;
  length: number;
}

const headerBytes = 8; // "\0asm" and the version
export const customSectionId = 0;
export const memorySectionId = 5;
export const globalSectionId = 6;
export const exportSectionId = 7;
export const dataSectionId = 11;
export const dataCountSectionId = 12;
const pageBytes = 65536;

/**
 * The sections of the WebAssembly file open as `fd`, read a few bytes at a time: the whole file is
 * never read at once (flite.wasm is 21.5 MB, 17 MB of it one data segment).
 */
export function sectionsOfFile(fd: number, fileSize: number): WasmSection[] {
  const magic = readAt(fd, 0, headerBytes);
  if (magic.length < headerBytes || magic.readUInt32LE(0) !== 0x6d736100) throw new Error('not a WebAssembly binary');
  const sections: WasmSection[] = [];
  let at = headerBytes;
  while (at < fileSize) {
    const head = readAt(fd, at, 6);
    const reader = { bytes: head, at: 1 };
    const size = readUnsigned(reader);
    const section = { id: head[0], start: at, contentStart: at + reader.at, end: at + reader.at + size };
    if (section.end > fileSize) throw new Error('truncated WebAssembly section');
    sections.push(section);
    at = section.end;
  }
  return sections;
}

/**
 * The active data segments of a data section, for a host that writes them into each instance's
 * memory itself (see flite-module.ts). Passive segments (bulk memory) are not supported.
 */
export function dataSegmentsOf(fd: number, section: WasmSection): DataSegment[] {
  const segments: DataSegment[] = [];
  let at = section.contentStart;
  const count = readUnsignedAt(fd, at);
  at = count.next;
  for (let i = 0; i < count.value; i++) {
    // flags, an `i32.const offset end` expression and the length fit well within 24 bytes.
    const head = readAt(fd, at, 24);
    const reader = { bytes: head, at: 0 };
    const flags = readUnsigned(reader);
    if (flags === 2 && readUnsigned(reader) !== 0) throw new Error('data segment for a memory other than 0');
    if (flags !== 0 && flags !== 2) throw new Error(`unsupported data segment kind ${flags}`);
    if (head[reader.at++] !== 0x41) throw new Error('data segment offset is not an i32.const');
    const memoryOffset = readSigned(reader);
    if (head[reader.at++] !== 0x0b) throw new Error('data segment offset is not a constant expression');
    const length = readUnsigned(reader);
    segments.push({ memoryOffset, fileOffset: at + reader.at, length });
    at += reader.at + length;
  }
  if (at !== section.end) throw new Error('malformed data section');
  return segments;
}

/**
 * A memory section declaring its one memory with a maximum of `maxBytes` (never less than its
 * minimum, nor more than a maximum it declared): past it `memory.grow` fails inside the program
 * instead of the instance taking whatever the machine has.
 */
export function withMemoryMaximum(section: Uint8Array, maxBytes: number): Uint8Array {
  const reader = { bytes: section, at: 1 };
  readUnsigned(reader); // the section's size
  const count = readUnsigned(reader);
  if (count !== 1) throw new Error(`the WebAssembly module defines ${count} memories, not one`);
  const flags = section[reader.at++];
  if (flags !== 0 && flags !== 1) throw new Error(`unsupported memory flags ${flags}`);
  const minPages = readUnsigned(reader);
  const declaredMax = flags === 1 ? readUnsigned(reader) : Infinity;
  const maxPages = Math.min(declaredMax, Math.max(Math.floor(maxBytes / pageBytes), minPages));
  const content = [...unsigned(1), 1, ...unsigned(minPages), ...unsigned(maxPages)];
  return Uint8Array.from([memorySectionId, ...unsigned(content.length), ...content]);
}

/**
 * Indices of the mutable globals a global section defines (flite.wasm has one, its C stack
 * pointer). Imported globals, which would come first in the index space, are not supported: the
 * caller checks there are none.
 */
export function mutableGlobalsOf(section: Uint8Array): number[] {
  const reader = { bytes: section, at: 1 };
  readUnsigned(reader); // the section's size
  const count = readUnsigned(reader);
  const mutable: number[] = [];
  for (let index = 0; index < count; index++) {
    reader.at++; // value type
    if (section[reader.at++] === 1) mutable.push(index);
    skipConstantExpression(reader);
  }
  return mutable;
}

/** An export section with `added` exports after its own (`kind` 3 is a global). */
export function withExports(section: Uint8Array, added: { name: string; kind: number; index: number }[]): Uint8Array {
  const reader = { bytes: section, at: 1 };
  readUnsigned(reader); // the section's size
  const count = readUnsigned(reader);
  const entries: number[] = [...section.subarray(reader.at)];
  for (const { name, kind, index } of added) {
    const bytes = new TextEncoder().encode(name);
    entries.push(...unsigned(bytes.length), ...bytes, kind, ...unsigned(index));
  }
  const content = [...unsigned(count + added.length), ...entries];
  return Uint8Array.from([exportSectionId, ...unsigned(content.length), ...content]);
}

/** Moves past one global's initializer: a single constant or global.get, then `end`. */
function skipConstantExpression(reader: { bytes: Uint8Array; at: number }): void {
  const opcode = reader.bytes[reader.at++];
  if (opcode === 0x41 || opcode === 0x42) readSigned(reader); // i32.const, i64.const
  else if (opcode === 0x43) reader.at += 4; // f32.const
  else if (opcode === 0x44) reader.at += 8; // f64.const
  else if (opcode === 0x23) readUnsigned(reader); // global.get
  else throw new Error(`unsupported global initializer opcode 0x${opcode?.toString(16)}`);
  if (reader.bytes[reader.at++] !== 0x0b) throw new Error('global initializer is not a single constant');
}

export function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  const read = readSync(fd, bytes, 0, length, position);
  return bytes.subarray(0, read);
}

function readUnsignedAt(fd: number, position: number): { value: number; next: number } {
  const reader = { bytes: readAt(fd, position, 5), at: 0 };
  const value = readUnsigned(reader);
  return { value, next: position + reader.at };
}

/** Reads an unsigned LEB128 number and moves past it. */
function readUnsigned(reader: { bytes: Uint8Array; at: number }): number {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    if (reader.at >= reader.bytes.length) throw new Error('truncated WebAssembly number');
    const byte = reader.bytes[reader.at++];
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return value;
  }
}

/** Reads a signed LEB128 number (an i32.const's operand) and moves past it. */
function readSigned(reader: { bytes: Uint8Array; at: number }): number {
  let value = 0;
  let shift = 0;
  let byte: number;
  do {
    if (reader.at >= reader.bytes.length) throw new Error('truncated WebAssembly number');
    byte = reader.bytes[reader.at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (byte & 0x40) value -= 2 ** shift;
  // A memory offset is an unsigned 32-bit address written as an i32.
  return value < 0 ? value + 2 ** 32 : value;
}

function unsigned(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return bytes;
}
