/*
 * Orator's binding to eSpeak NG: a few C entry points for its WebAssembly build.
 * Copyright (C) 2026 the Orator authors. GPL-3.0-or-later, like eSpeak NG.
 *
 * A synthesis runs to its end inside one call: the synth callback only appends samples and the
 * word/end events to buffers in the module's memory, and JavaScript reads them once at the end
 * (no JavaScript call per chunk, no copy per chunk).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <emscripten.h>
#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>

/* One event as JavaScript reads it: four 32-bit integers. */
typedef struct {
	int type;
	int text_position;
	int length;
	int audio_position;
} orator_event;

static short *samples;
static int sample_count;
static int sample_capacity;
static orator_event *events;
static int event_count;
static int event_capacity;
static char *phonemes;
static size_t phonemes_length;
static size_t phonemes_capacity;
static int sample_rate;

static int grow(void **buffer, int *capacity, int needed, size_t item)
{
	if (needed <= *capacity) return 1;
	int next = *capacity ? *capacity : 4096;
	while (next < needed) next *= 2;
	void *grown = realloc(*buffer, (size_t)next * item);
	if (!grown) return 0;
	*buffer = grown;
	*capacity = next;
	return 1;
}

static int collect(short *wav, int count, espeak_EVENT *event)
{
	if (wav && count > 0) {
		if (!grow((void **)&samples, &sample_capacity, sample_count + count, sizeof(short))) return 1;
		memcpy(samples + sample_count, wav, (size_t)count * sizeof(short));
		sample_count += count;
	}
	for (; event && event->type != espeakEVENT_LIST_TERMINATED; event++) {
		if (event->type != espeakEVENT_WORD && event->type != espeakEVENT_END) continue;
		if (!grow((void **)&events, &event_capacity, event_count + 1, sizeof(orator_event))) return 1;
		orator_event *out = &events[event_count++];
		out->type = event->type;
		out->text_position = event->text_position;
		out->length = event->length;
		out->audio_position = event->audio_position;
	}
	return 0;
}

/*
 * Starts eSpeak NG on the data folder `path` (the folder holding espeak-ng-data). Same options as
 * the npm build Orator used before (100 ms buffers, phoneme events in IPA), so events match it.
 * The random seed is fixed: eSpeak seeds it from the clock, which would make breathy variants
 * differ between processes.
 */
EMSCRIPTEN_KEEPALIVE int orator_initialize(const char *path)
{
	sample_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, path,
		espeakINITIALIZE_PHONEME_EVENTS | espeakINITIALIZE_PHONEME_IPA | espeakINITIALIZE_DONT_EXIT);
	espeak_ng_SetRandSeed(0);
	espeak_SetSynthCallback(collect);
	return sample_rate;
}

EMSCRIPTEN_KEEPALIVE int orator_set_voice(const char *name)
{
	return espeak_SetVoiceByName(name);
}

/* Synthesizes UTF-8 SSML text (phoneme input [[ ]] allowed); 0 on success. */
EMSCRIPTEN_KEEPALIVE int orator_synthesize(const char *text, int rate, int volume, int pitch, int range)
{
	sample_count = 0;
	event_count = 0;
	espeak_SetParameter(espeakRATE, rate, 0);
	espeak_SetParameter(espeakVOLUME, volume, 0);
	espeak_SetParameter(espeakPITCH, pitch, 0);
	espeak_SetParameter(espeakRANGE, range, 0);
	return espeak_Synth(text, 0, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakSSML | espeakPHONEMES, NULL, NULL);
}

/*
 * The heap's top (sbrk(0)). Emscripten's malloc never gives memory back (MORECORE_CANNOT_TRIM, no
 * mmap), and nothing else writes above the top, so after JavaScript puts the memory below it back
 * to its start-up bytes, everything above is as it was: the restore need not read the rest of the
 * 32 MB (see pristine-heap.ts).
 */
EMSCRIPTEN_KEEPALIVE void *orator_heap_top(void) { return sbrk(0); }

EMSCRIPTEN_KEEPALIVE short *orator_samples(void) { return samples; }
EMSCRIPTEN_KEEPALIVE int orator_sample_count(void) { return sample_count; }
EMSCRIPTEN_KEEPALIVE orator_event *orator_events(void) { return events; }
EMSCRIPTEN_KEEPALIVE int orator_event_count(void) { return event_count; }

static int append_phonemes(const char *text)
{
	size_t length = strlen(text);
	if (phonemes_length + length + 1 > phonemes_capacity) {
		size_t next = phonemes_capacity ? phonemes_capacity : 4096;
		while (next < phonemes_length + length + 1) next *= 2;
		char *grown = realloc(phonemes, next);
		if (!grown) return 0;
		phonemes = grown;
		phonemes_capacity = next;
	}
	memcpy(phonemes + phonemes_length, text, length + 1);
	phonemes_length += length;
	return 1;
}

/*
 * The phonemes of every clause of `text` (eSpeak's ASCII names, or IPA when `ipa`), `_` between
 * phonemes, spaces between words, " | " between clauses; NULL when out of memory.
 */
EMSCRIPTEN_KEEPALIVE const char *orator_text_to_phonemes(const char *text, int ipa)
{
	int mode = (ipa ? espeakPHONEMES_IPA : 0) | ('_' << 8);
	const void *cursor = text;
	phonemes_length = 0;
	if (!append_phonemes("")) return NULL;
	while (cursor != NULL) {
		const char *clause = espeak_TextToPhonemes(&cursor, espeakCHARS_AUTO, mode);
		if (!append_phonemes(clause ? clause : "")) return NULL;
		if (cursor != NULL && !append_phonemes(" | ")) return NULL;
	}
	return phonemes;
}
