import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TypecastAPIError, TypecastClient } from '@neosapience/typecast-js';
import { startTestServer, type TestServer } from '../http/test-server.js';
import { documentedIds } from './documented-ids.js';
import { ffmpegSeconds } from '../synthesis/ffmpeg-decode.js';

/**
 * The snippets of @neosapience/typecast-js's README (node_modules/@neosapience/typecast-js/README.md),
 * copied as a user would, against a fresh Orator: only TYPECAST_API_HOST and TYPECAST_API_KEY are
 * set, as its Configuration section says. Every file a snippet saves is played (decoded by ffmpeg)
 * and must last what the client reported.
 */
describe('typecast-js README snippets against a fresh server', () => {
  let server: TestServer;
  let dir: string;
  const saved: { file: string; duration: number; format: string }[] = [];
  /** The README's `fs.promises.writeFile(`name.${audio.format}`, Buffer.from(audio.audioData))`, remembered for playing. */
  const save = async (name: string, audio: { audioData: ArrayBuffer; duration: number; format: string }) => {
    const file = path.join(dir, `${name}.${audio.format}`);
    await writeFile(file, Buffer.from(audio.audioData));
    saved.push({ file, duration: audio.duration, format: audio.format });
    return file;
  };
  const logs: string[] = [];
  const console = { log: (s: string) => logs.push(s), error: (...a: unknown[]) => assert.fail(`console.error: ${a.join(' ')}`) };

  before(async () => {
    server = await startTestServer({ startQueue: false });
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-readme-'));
    process.env.TYPECAST_API_HOST = server.url;
    process.env.TYPECAST_API_KEY = (await server.createAccount('plus')).apiKey;
  });
  after(async () => {
    delete process.env.TYPECAST_API_HOST;
    delete process.env.TYPECAST_API_KEY;
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('Quick Start (TypeScript, ESM), with each documented voice id', async () => {
    for (const [i, voiceId] of [documentedIds[2], documentedIds[0], documentedIds[1]].entries()) {
      const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
      const audio = await client.textToSpeech({
        text: "Hello there! I'm your friendly text-to-speech agent.",
        model: 'ssfm-v21',
        voice_id: voiceId,
      });
      await save(`output-${i}`, audio);
      console.log(`Audio saved! Duration: ${audio.duration}s, Format: ${audio.format}`);
      assert.equal(audio.format, 'wav');
    }
  });

  it('Quick Start (JavaScript, CommonJS): the require() build', async () => {
    const require = createRequire(import.meta.url);
    const { TypecastClient: CjsClient } = require('@neosapience/typecast-js') as typeof import('@neosapience/typecast-js');
    const client = new CjsClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const audio = await client.textToSpeech({
      text: "Hello there! I'm your friendly text-to-speech agent.",
      model: 'ssfm-v21',
      voice_id: 'tc_62a8975e695ad26f7fb514d1',
    });
    await save('output-cjs', audio);
  });

  it('API Reference: Text-to-Speech with every parameter (MP3)', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const response = await client.textToSpeech({
      text: 'Hello. How are you?',
      voice_id: 'tc_62a8975e695ad26f7fb514d1',
      model: 'ssfm-v21',
      language: 'eng', // optional, auto-detected if not provided
      prompt: {
        emotion_preset: 'happy',
        emotion_intensity: 1.5,
      },
      output: {
        audio_format: 'mp3',
        volume: 100,
        audio_pitch: 0,
        audio_tempo: 1.0,
      },
      seed: 42, // for reproducible results
    });
    assert.equal(response.format, 'mp3');
    await save('reference', response);
  });

  it('Get Voices and Get Voice by ID', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const all = await client.getVoices();
    const voices = await client.getVoices('ssfm-v21');
    voices.forEach((voice) => {
      console.log(`${voice.voice_name} (${voice.voice_id})`);
      console.log(`Emotions: ${voice.emotions.join(', ')}`);
    });
    assert.ok(all.length > voices.length);
    for (const id of documentedIds) assert.ok(voices.some((v) => v.voice_id === id), id);
    const voiceInfo = await client.getVoiceById('tc_62a8975e695ad26f7fb514d1');
    console.log(`Voice: ${voiceInfo[0].voice_name}`);
    console.log(`Model: ${voiceInfo[0].model}`);
    console.log(`Supported emotions: ${voiceInfo[0].emotions.join(', ')}`);
    assert.equal(voiceInfo[0].voice_id, 'tc_62a8975e695ad26f7fb514d1');
    assert.ok(voiceInfo[0].emotions.includes('happy'));
  });

  it('Working with Voice Emotions', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const voices = await client.getVoices('ssfm-v21');
    const myVoice = voices.find((v) => v.voice_id === 'tc_62a8975e695ad26f7fb514d1')!;
    console.log(`${myVoice.voice_name} supports: ${myVoice.emotions.join(', ')}`);
    assert.ok(myVoice.emotions.includes('happy'));
    if (myVoice.emotions.includes('happy')) {
      const audio = await client.textToSpeech({
        text: 'This voice supports the happy emotion!',
        voice_id: myVoice.voice_id,
        model: 'ssfm-v21',
        prompt: {
          emotion_preset: 'happy',
          emotion_intensity: 1.5,
        },
      });
      await save('happy', audio);
    }
  });

  it('Emotion Control', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const happyAudio = await client.textToSpeech({
      text: 'Great to see you!',
      voice_id: 'tc_62a8975e695ad26f7fb514d1',
      model: 'ssfm-v21',
      prompt: { emotion_preset: 'happy', emotion_intensity: 1.8 },
      output: { audio_tempo: 1.2 },
    });
    await save('happy-control', happyAudio);
    const calmAudio = await client.textToSpeech({
      text: 'Welcome to our presentation.',
      voice_id: 'tc_62a8975e695ad26f7fb514d1',
      model: 'ssfm-v21',
      prompt: { emotion_preset: 'normal', emotion_intensity: 0.8 },
      output: { audio_tempo: 0.9 },
    });
    await save('calm', calmAudio);
  });

  it('Audio Customization (MP3)', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const customAudio = await client.textToSpeech({
      text: 'This is a test with custom settings.',
      voice_id: 'tc_62a8975e695ad26f7fb514d1',
      model: 'ssfm-v21',
      output: { volume: 150, audio_pitch: 3, audio_tempo: 1.1, audio_format: 'mp3' },
    });
    assert.equal(customAudio.format, 'mp3');
    await save('custom', customAudio);
  });

  it('Multilingual Content', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    const koreanAudio = await client.textToSpeech({ text: '안녕하세요. 반갑습니다.', voice_id: 'tc_62a8975e695ad26f7fb514d1', model: 'ssfm-v21', language: 'kor' });
    await save('korean', koreanAudio);
    const japaneseAudio = await client.textToSpeech({ text: 'こんにちは。お元気ですか。', voice_id: 'tc_62a8975e695ad26f7fb514d1', model: 'ssfm-v21', language: 'jpn' });
    await save('japanese', japaneseAudio);
  });

  it('Error Handling: the happy path raises nothing', async () => {
    const client = new TypecastClient({ apiKey: process.env.TYPECAST_API_KEY! });
    try {
      const audio = await client.textToSpeech({ text: 'Hello world', voice_id: 'tc_62a8975e695ad26f7fb514d1', model: 'ssfm-v21' });
      await save('hello-world', audio);
    } catch (error) {
      if (error instanceof TypecastAPIError) assert.fail(`API error (${error.statusCode}): ${error.message}`);
      throw error;
    }
  });

  it('plays every saved file: ffmpeg decodes it, as long as the client said', async (t) => {
    assert.equal(saved.length, 12, 'every snippet saved its file');
    for (const { file, duration, format } of saved) {
      const bytes = await readFile(file);
      assert.equal(format === 'mp3' ? bytes[0] === 0xff || bytes.subarray(0, 3).toString() === 'ID3' : bytes.subarray(0, 4).toString() === 'RIFF', true, `${file} is ${format}`);
      const seconds = await ffmpegSeconds(bytes, ['-f', format], 44100);
      t.diagnostic(`${path.basename(file)}: ${seconds.toFixed(3)} s decoded, ${duration} s reported`);
      assert.ok(seconds > 0.5, file);
      assert.ok(Math.abs(seconds - duration) < (format === 'mp3' ? 0.08 : 0.002), `${file}: decoded ${seconds}, reported ${duration}`);
    }
    assert.ok(logs.some((l) => l.startsWith('Audio saved! Duration: ')));
  });
});
