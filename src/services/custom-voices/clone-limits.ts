import type { UploadLimits } from '../../synthesis/adaptation/upload-rejection.js';

/** Decisions §1 and the interface: instant clones take 5–150 s in at most 25 MB. */
export const instantUpload = {
  maxBytes: 25 * 1000 * 1000,
  limits: { minSeconds: 5, maxSeconds: 150 } satisfies UploadLimits,
};

/** Professional clones: 5 min to 3 h, at least 16 kHz, at most 1 GiB. */
export const professionalUpload = {
  maxBytes: 1024 * 1024 * 1024,
  limits: { minSeconds: 5 * 60, maxSeconds: 3 * 3600, minSampleRate: 16000 } satisfies UploadLimits,
};

export const maxNameLength = 30;
