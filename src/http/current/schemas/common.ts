import { Kind, Type, TypeRegistry, type TUnsafe } from '@sinclair/typebox';

const stringEnumKind = 'OratorStringEnum';
TypeRegistry.Set<{ enum: string[] }>(stringEnumKind, (schema, value) => typeof value === 'string' && schema.enum.includes(value));

/**
 * A string out of a fixed list, written as JSON Schema's `enum` (OpenAPI shows it as such; TypeBox's
 * own union of literals would show as `anyOf` of constants). Checked through TypeBox's registry.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ [Kind]: stringEnumKind, type: 'string', enum: [...values], ...options });
}

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const DetailError = Type.Object({ detail: Type.String() }, { title: 'ErrorDetail', description: 'Every error but a schema violation' });

export const ValidationErrorBody = Type.Object(
  {
    detail: Type.Array(
      Type.Object({
        loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { description: 'Where: "body", "query" or "path", then the field path' }),
        msg: Type.String(),
        type: Type.String({ description: "FastAPI/pydantic error type, e.g. missing, string_too_long, enum, extra_forbidden" }),
      }),
    ),
  },
  { title: 'HTTPValidationError', description: 'The request breaks the schema (FastAPI shape)' },
);

export const TextNotSynthesizable = Type.Object(
  { error_code: Type.Literal('TEXT_NOT_SYNTHESIZABLE'), message: Type.String() },
  { title: 'TextNotSynthesizable', description: 'The text has nothing that can be spoken' },
);

const descriptions: Record<number, string> = {
  400: 'The voice lacks the model or the emotion, or the prompt does not fit the model',
  401: 'Missing or invalid X-API-KEY',
  402: 'Insufficient credit',
  404: 'No such voice for this account',
  429: "More simultaneous synthesis requests than the plan's concurrency_limit (Retry-After says when to try again)",
};

/** Documented error answers of a route: `{detail}` for each status, FastAPI's 422 (and TEXT_NOT_SYNTHESIZABLE when synthesizing). */
export function errorResponses(statuses: number[], options: { synthesis?: boolean; noInput?: boolean } = {}): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of statuses) out[status] = { ...DetailError, description: descriptions[status] ?? 'Error' };
  if (options.noInput) return out;
  out[422] = options.synthesis
    ? Type.Union([ValidationErrorBody, TextNotSynthesizable], { description: 'Schema violation, text with nothing to speak, or text spoken more than 4 times as long as written' })
    : { ...ValidationErrorBody, description: 'Schema violation' };
  return out;
}

export const security = [{ ApiKeyAuth: [] as string[] }];
