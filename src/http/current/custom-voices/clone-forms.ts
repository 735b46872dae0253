import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { cloneModels, maxNameLength } from '../../../services/custom-voices/index.js';
import { ValidationError, type FieldIssue } from '../../api-error.js';
import { StringEnum } from '../schemas/common.js';
import { fastApiIssues } from '../validation/fastapi-issues.js';
import type { ReceivedForm } from './multipart-form.js';

const Name = Type.String({ minLength: 1, maxLength: maxNameLength, description: `1 to ${maxNameLength} characters` });
const Model = StringEnum(cloneModels, { description: 'The model the voice is bound to' });

/** `POST /v1/voices/clone` and `/v1/custom-voices/instant-clone` (multipart/form-data). */
export const InstantCloneForm = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'WAV or MP3, at most 25 MB, 5 to 150 seconds of one person speaking' }),
    name: Name,
    model: Model,
  },
  { title: 'InstantCloneForm' },
);

/** `POST /v1/custom-voices/professional-clone` (multipart/form-data). */
export const ProfessionalCloneForm = Type.Object(
  {
    name: Name,
    model: Model,
    language: Type.String({ minLength: 1, description: 'ISO 639-3 code of the language spoken (e.g. eng, kor)' }),
    files: Type.String({ format: 'binary', description: 'One WAV or MP3 recording: 5 minutes to 3 hours, at least 16 kHz, at most 1 GiB' }),
  },
  { title: 'ProfessionalCloneForm' },
);

/** The text fields of a checked form. */
export type CheckedFields = Record<string, string>;

/**
 * Checks a received form against its schema in FastAPI's words (422, every field at once, in
 * the order of the schema): a missing field, an empty one (FastAPI reads "" in a form as
 * missing), text where the file belongs, a file where text belongs, a name too long (counted in
 * characters, as Python does), a model out of the list. Not multipart at all: every field missing.
 */
export function checkCloneForm(schema: TObject, fileField: string, form: ReceivedForm | null): CheckedFields {
  const value: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  // The file is no JSON value: its own two issues are written here, the text fields' by the schema.
  if (!form?.upload) {
    issues.push(
      form?.fields.get(fileField)
        ? { loc: ['body', fileField], msg: "Value error, Expected UploadFile, received: <class 'str'>", type: 'value_error' }
        : { loc: ['body', fileField], msg: 'Field required', type: 'missing' },
    );
  }
  const textFields = Type.Omit(schema, [fileField]);
  for (const key of Object.keys(textFields.properties)) {
    const text = form?.fields.get(key);
    if (text) value[key] = inCharacters(text, schema.properties[key]);
    else if (form?.fileParts.has(key)) value[key] = { file: true };
  }
  issues.push(...fastApiIssues(textFields, value, 'body'));
  if (issues.length > 0) throw new ValidationError(sortBy(issues, Object.keys(schema.properties)));
  const fields: CheckedFields = {};
  for (const key of Object.keys(schema.properties)) if (key !== fileField) fields[key] = form!.fields.get(key)!;
  return fields;
}

/** TypeBox counts UTF-16 units; pydantic counts characters, so a length is checked on a stand-in of as many characters. */
function inCharacters(text: string, schema: TSchema): string {
  if (typeof schema.maxLength !== 'number') return text;
  const characters = [...text].length;
  return characters === text.length ? text : 'x'.repeat(characters);
}

function sortBy(issues: FieldIssue[], order: string[]): FieldIssue[] {
  return [...issues].sort((a, b) => order.indexOf(String(a.loc[1])) - order.indexOf(String(b.loc[1])));
}
