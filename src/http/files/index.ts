import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { registerResourceUpload } from './resource-upload.js';
import { registerSpeakAudio } from './speak-audio.js';
import { registerSpeakEmbed } from './speak-embed.js';

/**
 * `/files`: what the earlier interface links to. Signed URLs work without credentials until they
 * expire; a speak's own Bearer token opens its files too. Errors in the earlier interface's shape.
 */
export async function registerFiles(files: FastifyInstance, services: Services): Promise<void> {
  registerSpeakAudio(files, services);
  registerSpeakEmbed(files, services);
  await registerResourceUpload(files, services);
}
