/** A phone segment of Flite's Segment relation and its place in the audio. */
export interface TimedSegment {
  phone: string;
  start: number;
  end: number;
}

/** Parses flite's `-psdur` line(s): `pau:0.164 hh:0.255 ...`, each time being the segment's end. */
export function parseTimedSegments(stdout: string): TimedSegment[] {
  const segments: TimedSegment[] = [];
  let previousEnd = 0;
  for (const item of stdout.split(/\s+/)) {
    const colon = item.lastIndexOf(':');
    if (colon <= 0) continue;
    const end = Number(item.slice(colon + 1));
    if (!Number.isFinite(end)) continue;
    segments.push({ phone: item.slice(0, colon), start: previousEnd, end: Math.max(end, previousEnd) });
    previousEnd = Math.max(end, previousEnd);
  }
  return segments;
}

/** Parses flite's `-ps` output, one line per utterance, into the phones of each, pauses left out. */
export function parsePhoneLines(stdout: string): string[][] {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.trim().split(/\s+/).filter((phone) => phone !== '' && !isPause(phone)));
}

export function isPause(phone: string): boolean {
  return phone === 'pau' || phone === 'h#' || phone === 'brth';
}
