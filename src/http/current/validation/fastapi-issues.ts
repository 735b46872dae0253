import type { TSchema } from '@sinclair/typebox';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { FieldIssue } from '../../api-error.js';

/** The part of the request a value came from, as FastAPI names it in `loc`. */
export type Location = 'body' | 'query' | 'path' | 'header';

/**
 * Why a value breaks a schema, in FastAPI's 422 shape (pydantic v2 `type` and `msg` wording), so
 * clients written against the real service read our errors the same way. One issue per field.
 */
export function fastApiIssues(schema: TSchema, value: unknown, where: Location): FieldIssue[] {
  const issues: FieldIssue[] = [];
  collect(schema, value, where, '', issues, { stopped: false });
  // TypeBox reports a missing field twice (required, then wrong type): keep the first per place.
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = JSON.stringify(issue.loc);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Issues reported at most: the answer's size, and the work of finding them, stay bounded
 * whatever the body (a list of half a million bad items gets one issue about its length).
 */
export const maxIssues = 20;

function collect(schema: TSchema, value: unknown, where: Location, prefix: string, into: FieldIssue[], state: { stopped: boolean }): void {
  // TypeBox's errors come lazily, a list's length before its items: stop at the cap, and at a
  // list that is too long (going on would check its items: the unbounded part). It is reported
  // alone with what came before it.
  for (const error of Value.Errors(schema, value)) {
    if (state.stopped) return;
    if (into.length >= maxIssues) {
      state.stopped = true;
      return;
    }
    const path = prefix + error.path;
    if (error.type === ValueErrorType.ArrayMaxItems) {
      into.push(issueOf(error, where, path));
      state.stopped = true;
      return;
    }
    if (error.type === ValueErrorType.Union) {
      const variant = chooseVariant(error.schema, error.value);
      if (variant.kind === 'schema') collect(variant.schema, error.value, where, path, into, state);
      else into.push({ loc: locOf(where, `${path}/${variant.key}`), msg: `Input should be ${orList(variant.expected)}`, type: 'literal_error' });
      continue;
    }
    into.push(issueOf(error, where, path));
  }
}

type Choice = { kind: 'schema'; schema: TSchema } | { kind: 'no-match'; key: string; expected: unknown[] };

/**
 * The union member an invalid value was meant for, so its errors name the right fields: objects
 * go by a discriminating constant (`type`, `emotion_type`); a member without the constant takes
 * values that lack it. Scalars go to the first member that is not `null`.
 */
function chooseVariant(union: TSchema, value: unknown): Choice {
  const members = ((union as { anyOf?: TSchema[] }).anyOf ?? []).filter((m) => m.type !== 'null');
  if (members.length === 0) return { kind: 'schema', schema: union };
  const objects = members.filter((m) => m.type === 'object' && m.properties);
  if (objects.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'schema', schema: members[0] };
  const key = discriminator(objects);
  if (!key) return { kind: 'schema', schema: objects[0] };
  const given = (value as Record<string, unknown>)[key];
  const expected: unknown[] = [];
  for (const member of objects) {
    const property = member.properties[key] as TSchema | undefined;
    if (property && 'const' in property) {
      expected.push(property.const);
      if (property.const === given) return { kind: 'schema', schema: member };
    } else if (given === undefined) {
      return { kind: 'schema', schema: member };
    }
  }
  return { kind: 'no-match', key, expected };
}

function discriminator(objects: TSchema[]): string | null {
  for (const member of objects) {
    for (const [name, property] of Object.entries(member.properties as Record<string, TSchema>)) if ('const' in property) return name;
  }
  return null;
}

function issueOf(error: ValueError, where: Location, path: string): FieldIssue {
  const loc = locOf(where, path);
  const s = error.schema as Record<string, unknown>;
  const parsing = where !== 'body' && typeof error.value === 'string';
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { loc, msg: 'Field required', type: 'missing' };
    case ValueErrorType.ObjectAdditionalProperties:
    case ValueErrorType.Never:
      return { loc, msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
    case ValueErrorType.Object:
      // FastAPI reads an absent or null body as a missing one.
      if (error.value === undefined || (error.value === null && path === '')) return { loc, msg: 'Field required', type: 'missing' };
      return { loc, msg: 'Input should be a valid dictionary or object to extract fields from', type: 'model_attributes_type' };
    case ValueErrorType.String:
      return { loc, msg: 'Input should be a valid string', type: 'string_type' };
    case ValueErrorType.StringMinLength:
      return { loc, msg: `String should have at least ${s.minLength} character${s.minLength === 1 ? '' : 's'}`, type: 'string_too_short' };
    case ValueErrorType.StringMaxLength:
      return { loc, msg: `String should have at most ${s.maxLength} characters`, type: 'string_too_long' };
    case ValueErrorType.Integer:
      if (typeof error.value === 'number' && Number.isFinite(error.value)) {
        return { loc, msg: 'Input should be a valid integer, got a number with a fractional part', type: 'int_from_float' };
      }
      return parsing
        ? { loc, msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' }
        : { loc, msg: 'Input should be a valid integer', type: 'int_type' };
    case ValueErrorType.Number:
      return parsing
        ? { loc, msg: 'Input should be a valid number, unable to parse string as a number', type: 'float_parsing' }
        : { loc, msg: 'Input should be a valid number', type: 'float_type' };
    case ValueErrorType.Boolean:
      return { loc, msg: 'Input should be a valid boolean', type: 'bool_type' };
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return { loc, msg: `Input should be greater than or equal to ${s.minimum}`, type: 'greater_than_equal' };
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return { loc, msg: `Input should be less than or equal to ${s.maximum}`, type: 'less_than_equal' };
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.NumberExclusiveMinimum:
      return { loc, msg: `Input should be greater than ${s.exclusiveMinimum}`, type: 'greater_than' };
    case ValueErrorType.IntegerExclusiveMaximum:
    case ValueErrorType.NumberExclusiveMaximum:
      return { loc, msg: `Input should be less than ${s.exclusiveMaximum}`, type: 'less_than' };
    case ValueErrorType.Array:
      return { loc, msg: 'Input should be a valid list', type: 'list_type' };
    case ValueErrorType.ArrayMinItems:
      return { loc, msg: `List should have at least ${s.minItems} item${s.minItems === 1 ? '' : 's'} after validation, not ${lengthOf(error.value)}`, type: 'too_short' };
    case ValueErrorType.ArrayMaxItems:
      return { loc, msg: `List should have at most ${s.maxItems} items after validation, not ${lengthOf(error.value)}`, type: 'too_long' };
    case ValueErrorType.Literal:
      return { loc, msg: `Input should be ${orList([s.const])}`, type: 'literal_error' };
    case ValueErrorType.Null:
      return { loc, msg: 'Input should be None', type: 'none_required' };
    case ValueErrorType.Kind:
      if (Array.isArray(s.enum)) {
        if (typeof error.value !== 'string') return { loc, msg: 'Input should be a valid string', type: 'string_type' };
        return { loc, msg: `Input should be ${orList(s.enum)}`, type: 'enum' };
      }
      return { loc, msg: error.message, type: 'value_error' };
    default:
      return { loc, msg: error.message, type: 'value_error' };
  }
}

/** JSON pointer → FastAPI `loc`: the request part, then keys, with list positions as numbers. */
export function locOf(where: Location, pointer: string): (string | number)[] {
  const parts = pointer === '' ? [] : pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  // A field name comes from the client and may be a megabyte long: the answer names it by its start.
  return [where, ...parts.map((p) => (/^(0|[1-9]\d*)$/.test(p) ? Number(p) : clip(p)))];
}

/** The longest field name (characters) an issue repeats. */
export const maxNameInIssue = 100;

function clip(name: string): string {
  return name.length > maxNameInIssue ? `${name.slice(0, maxNameInIssue)}…` : name;
}

/** pydantic's wording: 'a', 'b' or 'c'. */
function orList(values: unknown[]): string {
  const quoted = values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return quoted.length <= 1 ? (quoted[0] ?? 'valid') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}
