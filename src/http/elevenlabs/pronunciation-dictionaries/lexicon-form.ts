import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';

/** A PLS upload's form: its text fields and the lexicon file's bytes. */
export interface LexiconForm {
  fields: Map<string, string>;
  file: Buffer | null;
}

/** The largest lexicon taken: above every plan's byte allowance, with room for XML around the rules. */
export const maxLexiconBytes = 4 * 1024 * 1024;

/** Null when the bytes are not a complete multipart form (or break its small bounds). */
export function readLexiconForm(headers: IncomingHttpHeaders, body: Buffer): Promise<LexiconForm | null> {
  return new Promise((resolve) => {
    const form: LexiconForm = { fields: new Map(), file: null };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fields: 10, files: 2, parts: 12, fieldSize: 64 * 1024, fileSize: maxLexiconBytes } });
    } catch {
      resolve(null);
      return;
    }
    let broken = false;
    parser.on('field', (name, value) => form.fields.set(name, value));
    parser.on('file', (name, file) => {
      const pieces: Buffer[] = [];
      file.on('data', (piece: Buffer) => name === 'file' && form.file === null && pieces.push(piece));
      file.on('limit', () => (broken = true));
      file.on('end', () => {
        if (name === 'file' && form.file === null) form.file = Buffer.concat(pieces);
      });
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) parser.on(limit, () => (broken = true));
    parser.on('error', () => resolve(null));
    parser.on('close', () => resolve(broken ? null : form));
    parser.end(body);
  });
}
