import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsSignInOf } from '../authenticate.js';
import { elevenLabsErrors } from '../elevenlabs-error.js';
import { addedShape } from './dictionary-shapes.js';
import { maxLexiconBytes, readLexiconForm } from './lexicon-form.js';

/**
 * `POST /v1/pronunciation-dictionaries/add-from-file`: a new dictionary from a W3C PLS lexicon,
 * a `multipart/form-data` form with `name`, the lexicon in `file`, and `description`. The form is
 * small (a lexicon is text), so it is read whole and parsed in memory.
 */
export function registerAddFromFile(app: FastifyInstance, services: Services): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: maxLexiconBytes + 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/v1/pronunciation-dictionaries/add-from-file', { schema: { hide: true } }, async (request) => {
      const { account, plan } = elevenLabsSignInOf(request);
      const form = Buffer.isBuffer(request.body) ? await readLexiconForm(request.headers, request.body) : null;
      if (!form) throw elevenLabsErrors.invalid('invalid_request', 'The body must be a multipart/form-data form with name and file (a PLS lexicon).');
      const name = form.fields.get('name')?.trim();
      if (!name) throw elevenLabsErrors.invalid('invalid_request', "Field required: 'name'");
      if (name.length > 200) throw elevenLabsErrors.invalid('invalid_request', "Invalid 'name': at most 200 characters");
      if (!form.file) throw elevenLabsErrors.invalid('invalid_request', "Field required: 'file'");
      const description = form.fields.get('description') ?? null;
      const dictionary = await services.pronunciationDictionaries.createFromLexicon(account.uid, plan.name, { name, description }, form.file.toString('utf8'));
      return addedShape(dictionary);
    });
  });
}
