import assert from 'node:assert/strict';
import { test } from 'node:test';
import { espeakLanguages } from '../../../src/synthesis/engines/espeak/languages.js';
import { assertWordsTrueToTextAndAudio, durationOf, rms, speak } from './speak.js';

/** A short everyday sentence in each language, in its own script. */
const sentences: Record<string, string> = {
  eng: 'The weather is lovely today, so we are going for a walk.',
  kor: '오늘은 날씨가 좋아서 공원에 산책하러 갑니다.',
  jpn: '今日は天気がいいので、公園を散歩します。',
  spa: 'Hoy hace muy buen tiempo, así que vamos a pasear por el parque.',
  zho: '今天天气很好，我们一起去公园散步吧。',
  fra: "Il fait très beau aujourd'hui, alors nous allons nous promener au parc.",
  deu: 'Heute ist das Wetter sehr schön, deshalb gehen wir im Park spazieren.',
  por: 'Hoje o tempo está ótimo, então vamos passear no parque.',
  ita: 'Oggi il tempo è bellissimo, quindi andiamo a fare una passeggiata nel parco.',
  rus: 'Сегодня прекрасная погода, поэтому мы идём гулять в парк.',
  tam: 'இன்று வானிலை நன்றாக இருக்கிறது, அதனால் நாங்கள் பூங்காவுக்குச் செல்கிறோம்.',
  ara: 'الطقس جميل اليوم، لذلك سنذهب للتنزه في الحديقة.',
  bul: 'Днес времето е прекрасно, затова отиваме на разходка в парка.',
  ukr: 'Сьогодні чудова погода, тому ми йдемо гуляти в парк.',
  hrv: 'Danas je vrijeme lijepo, pa idemo u šetnju parkom.',
  ces: 'Dnes je krásné počasí, takže jdeme na procházku do parku.',
  pol: 'Dzisiaj jest piękna pogoda, więc idziemy na spacer do parku.',
  slk: 'Dnes je krásne počasie, takže ideme na prechádzku do parku.',
  fin: 'Tänään on kaunis sää, joten lähdemme kävelylle puistoon.',
  ron: 'Astăzi vremea este frumoasă, așa că mergem la plimbare în parc.',
  ell: "Σήμερα ο καιρός είναι υπέροχος, γι' αυτό πάμε βόλτα στο πάρκο.",
  nld: 'Het is vandaag prachtig weer, dus we gaan wandelen in het park.',
  swe: 'Idag är det fint väder, så vi går på promenad i parken.',
  ind: 'Hari ini cuacanya cerah, jadi kami akan berjalan-jalan di taman.',
  tgl: 'Maganda ang panahon ngayon, kaya maglalakad kami sa parke.',
  dan: 'I dag er vejret dejligt, så vi går en tur i parken.',
  msa: 'Hari ini cuaca sangat baik, jadi kami akan bersiar-siar di taman.',
  hin: 'आज मौसम बहुत अच्छा है, इसलिए हम पार्क में टहलने जा रहे हैं।',
  hun: 'Ma nagyon szép idő van, ezért sétálni megyünk a parkba.',
  nor: 'I dag er været fint, så vi går en tur i parken.',
  tur: 'Bugün hava çok güzel, bu yüzden parkta yürüyüşe çıkıyoruz.',
  vie: 'Hôm nay trời rất đẹp, vì vậy chúng tôi đi dạo trong công viên.',
  tha: 'วันนี้อากาศดีมาก เราจึงไปเดินเล่นที่สวนสาธารณะ',
  ben: 'আজ আবহাওয়া খুব সুন্দর, তাই আমরা পার্কে হাঁটতে যাচ্ছি।',
  pan: 'ਅੱਜ ਮੌਸਮ ਬਹੁਤ ਵਧੀਆ ਹੈ, ਇਸ ਲਈ ਅਸੀਂ ਪਾਰਕ ਵਿੱਚ ਸੈਰ ਕਰਨ ਜਾ ਰਹੇ ਹਾਂ।',
  yue: '今日天氣好好，我哋一齊去公園散步啦。',
};

test('there is a sentence for every language eSpeak is mapped to', () => {
  assert.deepEqual(Object.keys(sentences).sort(), [...espeakLanguages].sort());
});

for (const language of espeakLanguages) {
  test(`${language}: speaks a sentence with words true to the text and the audio`, async () => {
    const text = sentences[language];
    const output = await speak(text, language);

    assert.equal(output.sampleRate, 22050);
    const seconds = durationOf(output);
    assert.ok(seconds > 0.8 && seconds < 15, `${seconds.toFixed(2)} s of speech`);
    assert.ok(rms(output.samples) > 0.02, `audible: RMS ${rms(output.samples).toFixed(4)}`);
    assert.ok(output.words.length >= 2, `${output.words.length} words: ${output.words.map((w) => w.text).join(' | ')}`);
    assertWordsTrueToTextAndAudio(output, text);
    // The words reach the end of the sentence: the last one starts in its last third.
    const last = output.words[output.words.length - 1];
    assert.ok(last.offset > text.length * 0.6, `last word ${JSON.stringify(last.text)} at ${last.offset} of ${text.length}`);
    // And cover most of the speech.
    assert.ok(last.end > seconds * 0.8, `last word ends at ${last.end.toFixed(2)} of ${seconds.toFixed(2)} s`);
  });
}
