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

/** Reads Piper's `voices.json`: `{key: {language: {code}, quality, num_speakers, files: {path: {size_bytes, md5_digest}}}}`; paths are relative to the index. */
export async function readVoicesIndex(indexUrl: string): Promise<IndexedVoice[]> {
  const res = await fetch(indexUrl);
  if (!res.ok) throw new Error(`${indexUrl}: HTTP ${res.status}`);
  const json = (await res.json()) as Record<string, unknown>;
  if (typeof json !== 'object' || json === null) throw new Error(`${indexUrl}: not a voices index`);
  const voices: IndexedVoice[] = [];
  for (const [key, entry] of Object.entries(json)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as { language?: { code?: string }; quality?: string; num_speakers?: number; files?: Record<string, { size_bytes?: number; md5_digest?: string }> };
    const onnx = Object.entries(e.files ?? {}).find(([file]) => file.endsWith('.onnx'));
    if (!onnx) continue;
    voices.push({
      key,
      language: e.language?.code ?? '?',
      quality: e.quality ?? '?',
      speakers: e.num_speakers ?? 1,
      bytes: onnx[1].size_bytes ?? 0,
      url: new URL(onnx[0], indexUrl).href,
      md5: onnx[1].md5_digest ?? null,
    });
  }
  return voices.sort((a, b) => a.key.localeCompare(b.key));
}
