/** Errors of the account and plan services; the HTTP layers map them to each interface's shape. */
export class AccountServiceError extends Error {
  constructor(
    readonly code: 'account_not_found' | 'key_not_found' | 'plan_not_found' | 'plan_exists' | 'invalid_value' | 'rate_limited',
    message: string,
    /** For `rate_limited`: whole seconds until the change would be allowed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A value a client gave, as quoted in a message: at most 64 characters (the rest cut with …). */
export const quoted = (value: string) => (value.length > 64 ? `${value.slice(0, 64)}…` : value);

export const accountNotFound = (uid: string) => new AccountServiceError('account_not_found', `no account ${quoted(uid)}`);
export const planNotFound = (name: string) => new AccountServiceError('plan_not_found', `no plan named "${quoted(name)}"`);
export const planExists = (name: string) => new AccountServiceError('plan_exists', `a plan named "${quoted(name)}" exists already`);
export const invalidValue = (message: string) => new AccountServiceError('invalid_value', message);
export const keyNotFound = (uid: string, id: string) => new AccountServiceError('key_not_found', `account ${quoted(uid)} has no live key ${quoted(id)}`);
export const ownerChangesLimited = (perHour: number, retryAfterSeconds: number) =>
  new AccountServiceError('rate_limited', `An account's own settings may change ${perHour} times an hour; try again in ${retryAfterSeconds} seconds`, retryAfterSeconds);
