import http from 'node:http';
import type { NewPlan } from '../../../src/services/accounts/plan.js';

/** Parallel uploads against an account's storage bound (issue 30 item 6), on one node and in the cluster. */
export const MiB = 1024 * 1024;

/** Bytes that sniff as WAV (RIFF…WAVE), of any length: the upload route checks the format, not the audio. */
export function wavBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WAVE', 8, 'latin1');
  return bytes;
}

export interface PutResult {
  status: number;
  body: any;
}

/**
 * PUT `body` in 1 MiB pieces. After the first piece the client waits until either the server has
 * answered or `accepted()` says the server is storing this upload: a refusal is then read before
 * the rest is sent (a client pushing megabytes at a server that has answered and closed may lose
 * the answer to the reset: issue 30 item 9), and an accepted upload goes on to its end.
 */
export function putInPieces(url: string, body: Buffer, options: { declare: boolean; accepted: () => Promise<void> }): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'audio/wav' };
    if (options.declare) headers['content-length'] = body.length;
    let answered = false;
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (p: Buffer) => parts.push(p));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
    });
    // Cut while still sending, before an answer could be read: status 0 (issue 30 item 9 drains such bodies).
    request.on('error', () => (answered ? undefined : resolve({ status: 0, body: null })));
    const answer = new Promise<void>((r) => request.once('response', () => r()));
    void (async () => {
      const piece = MiB;
      for (let offset = 0; offset < body.length; offset += piece) {
        if (answered || request.destroyed) return;
        if (!request.write(body.subarray(offset, offset + piece))) await new Promise((r) => request.once('drain', r));
        if (offset === 0) await Promise.race([answer, options.accepted()]);
      }
      if (!answered) request.end();
    })().catch(reject);
  });
}

/** A plan whose upload bounds the tests press on: 10 open slots, 30 MiB kept. */
export const uploadQuotaPlan = (name: string): NewPlan => ({
  name,
  concurrencyLimit: 2,
  customVoiceSlot: 0,
  professionalVoiceSlot: 0,
  planCredits: 1000,
  cloneAllowed: true,
  prosodyMetaAllowed: false,
  speakRatePerMinute: 60,
  maxConcurrentClones: 1,
  professionalCloneGenerations: 0,
  uploadSlotsOpen: 10,
  uploadBytes: 30 * MiB,
  uploadSlotsPerHour: 1000,
});
