import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CaptionError } from '../../src/text/captions/caption-error.js';
import { captionFile } from '../../src/text/captions/caption-file.js';

/*
 * Fixtures written from the rules as the official SDKs' fixtures README states them
 * (neosapience/typecast-sdk, test-fixtures/with-timestamps/README.md), one per rule.
 */
const w = (text: string, start: number, end: number) => ({ text, start, end });
const chars = (text: string, start: number, step: number) => [...text].map((c, i) => w(c, +(start + i * step).toFixed(3), +(start + (i + 1) * step).toFixed(3)));

describe('captions from timings', () => {
  it('ends a cue at a segment ending in . ? or ! and writes SRT: numbered from 1, comma milliseconds, LF, a blank line after every cue', () => {
    const words = [w('Good', 0.2, 0.4), w('morning.', 0.45, 0.9), w('Ready?', 1.3, 1.8), w('Go!', 2.1, 2.5), w('Now', 2.7, 3.05)];
    assert.equal(
      captionFile({ words }, 'srt'),
      '1\n00:00:00,200 --> 00:00:00,900\nGood morning.\n\n2\n00:00:01,300 --> 00:00:01,800\nReady?\n\n3\n00:00:02,100 --> 00:00:02,500\nGo!\n\n4\n00:00:02,700 --> 00:00:03,050\nNow\n\n',
    );
  });

  it('writes WebVTT: the header, a blank line, no cue ids, dot milliseconds', () => {
    const words = [w('Good', 0.2, 0.4), w('morning.', 0.45, 0.9), w('Bye', 3661.5, 3662.007)];
    assert.equal(captionFile({ words }, 'vtt'), 'WEBVTT\n\n00:00:00.200 --> 00:00:00.900\nGood morning.\n\n01:01:01.500 --> 01:01:02.007\nBye\n\n');
  });

  it('ends a cue at the CJK sentence ends 。？！ too, in characters', () => {
    const characters = chars('你好。是吗？好！再见', 0.1, 0.25);
    assert.equal(
      captionFile({ words: [w('你好。是吗？好！再见', 0.1, 2.6)], characters }, 'srt'),
      '1\n00:00:00,100 --> 00:00:00,850\n你好。\n\n2\n00:00:00,850 --> 00:00:01,600\n是吗？\n\n3\n00:00:01,600 --> 00:00:02,100\n好！\n\n4\n00:00:02,100 --> 00:00:02,600\n再见\n\n',
    );
  });

  it('closes a cue before a word that would take it past 7.0 s (from its start to that word’s end); 7.0 exactly stays', () => {
    const words = [w('one', 0, 3), w('two', 3, 6.9), w('three', 7.0, 7.2), w('four', 7.3, 14.0), w('five', 14.3, 14.5)];
    assert.equal(
      captionFile({ words }, 'srt'),
      '1\n00:00:00,000 --> 00:00:06,900\none two\n\n2\n00:00:07,000 --> 00:00:14,000\nthree four\n\n3\n00:00:14,300 --> 00:00:14,500\nfive\n\n',
    );
  });

  it('closes a cue before a word that would take it past 42 characters; 42 exactly stays', () => {
    // 8 words of 4 letters + 1 of 2: 4*8 + 7 spaces = 39, + " ab" = 42 → one cue; the next word opens a second.
    const texts = ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee', 'ffff', 'gggg', 'hhhh', 'ab', 'next'];
    const words = texts.map((t, i) => w(t, i * 0.5, i * 0.5 + 0.4));
    assert.equal(
      captionFile({ words }, 'srt'),
      '1\n00:00:00,000 --> 00:00:04,400\naaaa bbbb cccc dddd eeee ffff gggg hhhh ab\n\n2\n00:00:04,500 --> 00:00:04,900\nnext\n\n',
    );
  });

  it('takes both limits as parameters', () => {
    const words = [w('a', 0, 1), w('b', 1, 2), w('c', 2, 3)];
    assert.equal(captionFile({ words }, 'vtt', { maxSeconds: 1.5, maxChars: 42 }), 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\na\n\n00:00:01.000 --> 00:00:02.000\nb\n\n00:00:02.000 --> 00:00:03.000\nc\n\n');
    assert.equal(captionFile({ words }, 'vtt', { maxSeconds: 7, maxChars: 3 }), 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\na b\n\n00:00:02.000 --> 00:00:03.000\nc\n\n');
  });

  it('falls back to characters when the text without spaces came back as one word, counting and joining characters as they are', () => {
    const text = 'これは句読点のない長い文章で四十二文字を超えるとどうなるかを確かめるための試験用の文字列です';
    const characters = chars(text, 0, 0.1);
    const file = captionFile({ words: [w(text, 0, characters.at(-1)!.end)], characters }, 'srt');
    const first = [...text].slice(0, 42).join('');
    const rest = [...text].slice(42).join('');
    assert.equal(file, `1\n00:00:00,000 --> 00:00:04,200\n${first}\n\n2\n00:00:04,200 --> 00:00:${(characters.at(-1)!.end).toFixed(3).padStart(6, '0').replace('.', ',')}\n${rest}\n\n`);
  });

  it('uses characters when words are null, trimming the space a cue starts with but keeping its start time', () => {
    const characters = [w('H', 0.1, 0.2), w('i', 0.2, 0.3), w('.', 0.3, 0.35), w(' ', 0.35, 1.0), w('Y', 1.0, 1.1), w('o', 1.1, 1.2)];
    assert.equal(captionFile({ words: null, characters }, 'srt'), '1\n00:00:00,100 --> 00:00:00,350\nHi.\n\n2\n00:00:00,350 --> 00:00:01,200\nYo\n\n');
  });

  it('rounds milliseconds half to even on the binary product, as the reference helper does', () => {
    const words = [w('a', 0.0125, 0.0135), w('b.', 0.0145, 1.0005)];
    // 0.0125*1000 = 12.5 → 12; 0.0135*1000 = 13.5 → 14; 1.0005*1000 = 1000.4999… → 1000.
    assert.equal(captionFile({ words }, 'srt'), '1\n00:00:00,012 --> 00:00:01,000\na b.\n\n');
  });

  it('refuses timings with nothing to caption, or mostly empty words', () => {
    const code = (f: () => unknown) => assert.throws(f, (e: unknown) => e instanceof CaptionError && /segments/.test(e.code));
    code(() => captionFile({ words: null, characters: null }, 'srt'));
    code(() => captionFile({ words: [], characters: [] }, 'srt'));
    code(() => captionFile({ words: [w(' ', 0, 1), w('', 1, 2), w('a', 2, 3)] }, 'srt'));
    code(() => captionFile({ characters: [w(' ', 0, 1)] }, 'vtt'));
  });
});
