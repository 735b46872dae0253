/** A WAV file with any header fields (for layouts no encoder writes). */
export function wavWith(fields: { tag?: number; channels?: number; rate?: number; bits?: number; blockAlign?: number; data: Uint8Array; riffSize?: number; dataSize?: number }): Uint8Array {
  const { tag = 1, channels = 1, rate = 16000, bits = 16, data } = fields;
  const blockAlign = fields.blockAlign ?? (channels * bits) / 8;
  const out = Buffer.alloc(44 + data.length);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(fields.riffSize ?? 36 + data.length, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(tag, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * blockAlign, 28);
  out.writeUInt16LE(blockAlign, 32);
  out.writeUInt16LE(bits, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(fields.dataSize ?? data.length, 40);
  out.set(data, 44);
  return out;
}
