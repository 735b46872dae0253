
/** What an account's plan allows. Values live in the `plans` table; operators edit them. */
export interface Plan {
  name: string;
  /** Simultaneous synthesis requests (current interface). */
  concurrencyLimit: number;
  customVoiceSlot: number;
  professionalVoiceSlot: number;
  /** Characters of synthesis per period. */
  planCredits: number;
  cloneAllowed: boolean;
  prosodyMetaAllowed: boolean;
  /** Synthesis requests per minute (earlier interface). */
  speakRatePerMinute: number;
  maxConcurrentClones: number;
  professionalCloneGenerations: number;
  /** Upload slots (`POST /api/speak/resource`) awaiting their upload at once. */
  uploadSlotsOpen: number;
  /** Bytes of uploaded speak resources kept for the account at once. */
  uploadBytes: number;
  /** New upload slots per hour. */
  uploadSlotsPerHour: number;
}

export type PlanLimits = Omit<Plan, 'name'>;

type UploadLimit = 'uploadSlotsOpen' | 'uploadBytes' | 'uploadSlotsPerHour';
/** A plan as created: the upload limits may be left out (the columns' defaults, the free tier's, apply). */
export type NewPlan = Omit<Plan, UploadLimit> & Partial<Pick<Plan, UploadLimit>>;
