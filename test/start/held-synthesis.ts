import http from 'node:http';

export interface HeldSynthesis {
  /** Resolves once the server has taken the headers (100 Continue): the request is in flight. */
  continued: Promise<void>;
  /** Sends the body; the answer comes in `response`. */
  send(): void;
  response: Promise<{ status: number; bytes: Buffer }>;
}

/**
 * A POST /v1/text-to-speech whose headers the server has (100 Continue) but whose body the test
 * sends when it chooses: a request in flight across whatever the test does meanwhile (a SIGTERM).
 */
export function heldSynthesis(port: number, apiKey: string, order: object): HeldSynthesis {
  const body = JSON.stringify(order);
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/text-to-speech', headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' } });
  const response = new Promise<{ status: number; bytes: Buffer }>((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  const continued = new Promise<void>((resolve) => request.once('continue', resolve));
  return { continued, send: () => request.end(body), response };
}
