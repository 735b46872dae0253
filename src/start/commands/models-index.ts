import { fetchSmall } from './models-download.js';
import { installLimits, InstallRefused, printable } from './models-limits.js';

/** One voice of a published index in Piper's `voices.json` format. */
export interface IndexedVoice {
  key: string;
  language: string;
  quality: string;
  speakers: number;
  /** Bytes of the `.onnx`. */
  bytes: number;
  /** Absolute URL of the `.onnx`. */
  url: string;
  md5: string | null;
}

/**
 * Reads Piper's `voices.json`: `{key: {language: {code}, quality, num_speakers, files: {path:
 * {size_bytes, md5_digest}}}}`; paths are relative to the index. At most `installLimits.indexBytes`
 * are read. The index is someone else's text: its strings are shown with control characters
 * replaced, and the files it names are fetched under the same rules as redirects (models-http.ts);
 * the model's name comes from the file's URL and is checked when it is installed.
 */
export async function readVoicesIndex(indexUrl: string): Promise<IndexedVoice[]> {
  const bytes = await fetchSmall(indexUrl, 'the voices index', { maxBytes: installLimits.indexBytes, trustedOrigin: new URL(indexUrl).origin });
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InstallRefused(`${indexUrl}: not a voices index (not JSON)`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new InstallRefused(`${indexUrl}: not a voices index`);
  const voices: IndexedVoice[] = [];
  for (const [key, entry] of Object.entries(json as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as { language?: { code?: string }; quality?: string; num_speakers?: number; files?: Record<string, { size_bytes?: number; md5_digest?: string }> };
    const onnx = Object.entries(e.files ?? {}).find(([file]) => file.endsWith('.onnx'));
    if (!onnx) continue;
    let url: string;
    try {
      url = new URL(onnx[0], indexUrl).href;
    } catch {
      continue;
    }
    voices.push({
      key: printable(key),
      language: printable(String(e.language?.code ?? '?')),
      quality: printable(String(e.quality ?? '?')),
      speakers: Number.isSafeInteger(e.num_speakers) ? e.num_speakers! : 1,
      bytes: Number.isFinite(onnx[1]?.size_bytes) ? onnx[1].size_bytes! : 0,
      url,
      md5: typeof onnx[1]?.md5_digest === 'string' && /^[0-9a-f]{32}$/i.test(onnx[1].md5_digest) ? onnx[1].md5_digest : null,
    });
  }
  return voices.sort((a, b) => a.key.localeCompare(b.key));
}
