import { decrypt, DecryptionError, encrypt, type EncryptionKeys } from './encryption.js';

/**
 * Callback URLs may carry credentials (`https://user:pass@…`, `?token=…`), so they are stored
 * encrypted like the other secrets of an account (AES-256-GCM, bound to the account): the
 * database alone does not give them. Rows written before this was done hold the URL as given;
 * they are read as they are, and sealed when next written (`orator secrets re-encrypt` does all).
 * A URL sealed only with a key that was since dropped opens as null (no callback registered),
 * rather than failing every read of the account: the owner sets it again.
 */
export interface CallbackUrlSeal {
  seal(url: string, uid: string): string;
  open(stored: string, uid: string): string | null;
}

const context = (uid: string) => `callback_url:${uid}`;

export function callbackUrlSeal(keys: EncryptionKeys): CallbackUrlSeal {
  return {
    seal: (url, uid) => encrypt(keys, url, context(uid)),
    // A stored URL starts with http(s), a sealed one with the format's version: never confused.
    open: (stored, uid) => {
      if (/^https?:/i.test(stored)) return stored;
      try {
        return decrypt(keys, stored, context(uid));
      } catch (error) {
        if (error instanceof DecryptionError) return null;
        throw error;
      }
    },
  };
}

/** Storing as given: for repositories opened without the server's keys (tests of the storage itself). */
export const unsealedCallbackUrls: CallbackUrlSeal = { seal: (url) => url, open: (stored) => stored };
