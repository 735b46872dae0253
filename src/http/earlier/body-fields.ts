import { ApiError } from '../api-error.js';

/**
 * Reading fields of an earlier-interface JSON body with its error codes (decisions §2): a
 * missing required field → `app/param/not-enough`, a wrong JSON type → `app/param/type-mismatch`,
 * a value out of its range or list → `app/invalid/<field>`. `null` counts as absent.
 */
export const bodyErrors = {
  missing: (field: string) => new ApiError(400, 'app/param/not-enough', `${field} is required`),
  typeMismatch: (field: string, type: string) => new ApiError(400, 'app/param/type-mismatch', `${field} must be ${type}`),
  invalid: (field: string, message: string) => new ApiError(400, `app/invalid/${field}`, message),
};

export type Body = Record<string, unknown>;

/** The body as an object; a body that is JSON but not an object is a type mismatch. */
export function objectBody(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw bodyErrors.typeMismatch('the body', 'a JSON object');
  return body as Body;
}

export function optionalString(body: Body, field: string, maxLength: number): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bodyErrors.typeMismatch(field, 'a string');
  if (value.length > maxLength) throw bodyErrors.invalid(field, `${field} is longer than ${maxLength} characters`);
  return value;
}

export function requiredString(body: Body, field: string, maxLength: number): string {
  const value = optionalString(body, field, maxLength);
  if (value === null) throw bodyErrors.missing(field);
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw bodyErrors.typeMismatch(field, 'true or false');
  return value;
}

/** A number within [min, max]; `integer` also refuses fractions. */
export function optionalNumber(body: Body, field: string, min: number, max: number, integer = false): number | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bodyErrors.typeMismatch(field, integer ? 'an integer' : 'a number');
  if (integer && !Number.isInteger(value)) throw bodyErrors.invalid(field, `${field} must be a whole number`);
  if (value < min || value > max) throw bodyErrors.invalid(field, `${field} must be from ${min} to ${max}`);
  return value;
}

export function oneOf<T extends string>(field: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw bodyErrors.invalid(field, `${field} must be one of ${allowed.join(', ')}`);
  return value as T;
}
