/** Errors of the account and plan services; the HTTP layers map them to each interface's shape. */
export class AccountServiceError extends Error {
  constructor(
    readonly code: 'account_not_found' | 'key_not_found' | 'plan_not_found' | 'plan_exists' | 'invalid_value',
    message: string,
  ) {
    super(message);
  }
}

export const accountNotFound = (uid: string) => new AccountServiceError('account_not_found', `no account ${uid}`);
export const planNotFound = (name: string) => new AccountServiceError('plan_not_found', `no plan named "${name}"`);
export const planExists = (name: string) => new AccountServiceError('plan_exists', `a plan named "${name}" exists already`);
export const invalidValue = (message: string) => new AccountServiceError('invalid_value', message);
export const keyNotFound = (uid: string, id: string) => new AccountServiceError('key_not_found', `account ${uid} has no live key ${id}`);
