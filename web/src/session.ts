import { Api } from './api.js';
import type { Catalog, Subscription } from './types.js';

const keyItem = 'orator.apiKey';
const tokenItem = 'orator.apiToken';

/**
 * What the whole page shares: the credentials (in localStorage only — never in a URL, never
 * logged), the account's subscription, and the catalog's names of things.
 */
export const session = {
  apiKey: localStorage.getItem(keyItem) ?? '',
  apiToken: localStorage.getItem(tokenItem) ?? '',
  subscription: null as Subscription | null,
  catalog: null as Catalog | null,
};

export const current = new Api(() => ({ 'x-api-key': session.apiKey }));
export const earlier = new Api((): Record<string, string> => (session.apiToken ? { authorization: `Bearer ${session.apiToken}` } : {}));

export function rememberKey(key: string): void {
  session.apiKey = key;
  if (key) localStorage.setItem(keyItem, key);
  else localStorage.removeItem(keyItem);
}

export function rememberToken(token: string): void {
  session.apiToken = token;
  if (token) localStorage.setItem(tokenItem, token);
  else localStorage.removeItem(tokenItem);
}

export function creditsLeft(): number {
  const s = session.subscription;
  return s ? Math.max(0, s.credits.plan_credits - s.credits.used_credits) : 0;
}

export async function loadCatalog(): Promise<Catalog> {
  if (!session.catalog) {
    const response = await fetch('/playground/catalog.json');
    session.catalog = (await response.json()) as Catalog;
  }
  return session.catalog;
}
