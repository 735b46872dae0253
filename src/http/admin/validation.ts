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
 * converted first. A failure is 422 `{detail, code: "invalid_request"}` naming the field.
 */
export const adminValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const part = parts[httpPart ?? 'body'] ?? 'body';
  const checker = TypeCompiler.Compile(schema);
  return (data: unknown) => {
    const value = part === 'body' ? data : Value.Convert(schema, data);
    if (checker.Check(value)) return { value };
    const first = checker.Errors(value).First();
    const where = first?.path ? `${part}${first.path.replace(/\//g, '.')}` : part;
    return { error: new ApiError(422, 'invalid_request', `${where}: ${first?.message ?? 'invalid'}`) };
  };
};
