import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler } from 'fastify';
import { ValidationError } from '../../api-error.js';
import { fastApiIssues, type Location } from './fastapi-issues.js';

const locations: Record<string, Location> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * Validates the current interface's requests with the same TypeBox schemas OpenAPI is generated
 * from. Bodies are checked strictly (JSON has types: "5" is not 5); query strings and path
 * parameters are converted first, as FastAPI does. A failure becomes a ValidationError, rendered
 * as FastAPI's 422.
 */
export const currentValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const where = locations[httpPart ?? 'body'] ?? 'body';
  const checker = TypeCompiler.Compile(schema);
  return (data: unknown) => {
    const value = where === 'body' ? data : Value.Convert(schema, data);
    if (checker.Check(value)) return { value };
    return { error: new ValidationError(fastApiIssues(schema, value, where)) };
  };
};
