import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../api-error.js';

const parts: Record<string, string> = { body: 'body', querystring: 'query', params: 'path' };

/**
 * The admin API checks requests strictly against the TypeBox schemas it documents: a body field
 * of the wrong type is refused, never coerced (`{"plan": 7}` is not the plan "7"), and an unknown
 * field is refused, never dropped. Only query strings and path parameters, which are text, are
 * converted first. A failure is 422 `{detail, code: "invalid_request"}` naming the field (its
 * name cut to 100 characters) and never quoting the value.
 */
export const adminValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const part = parts[httpPart ?? 'body'] ?? 'body';
  const checker = TypeCompiler.Compile(schema);
  return (data: unknown) => {
    const value = part === 'body' ? data : Value.Convert(schema, data);
    if (checker.Check(value)) return { value };
    const first = checker.Errors(value).First();
    // The path names fields the client chose: quoted at most 100 characters long.
    const path = first?.path ? first.path.replace(/\//g, '.') : '';
    const where = `${part}${path.length > 100 ? `${path.slice(0, 100)}…` : path}`;
    return { error: new ApiError(422, 'invalid_request', `${where}: ${first?.message ?? 'invalid'}`) };
  };
};
