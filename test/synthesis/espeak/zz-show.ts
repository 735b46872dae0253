import { speak } from './speak.js';
const cases: [string, string][] = [
  ['ara', 'الطقس جميل اليوم، لذلك سنذهب للتنزه في الحديقة.'],
  ['hin', 'आज मौसम बहुत अच्छा है, इसलिए हम पार्क में टहलने जा रहे हैं।'],
  ['tha', 'วันนี้อากาศดีมาก เราจึงไปเดินเล่นที่สวนสาธารณะ'],
  ['jpn', '今日は天気がいいので、公園を散歩します。'],
  ['yue', '今日天氣好好，我哋一齊去公園散步啦。'],
  ['ell', "Σήμερα ο καιρός είναι υπέροχος, γι' αυτό πάμε βόλτα στο πάρκο."],
  ['ind', 'Hari ini cuacanya cerah, jadi kami akan berjalan-jalan di taman.'],
];
for (const [l, t] of cases) { const o = await speak(t, l); console.log(l, (o.samples.length / 22050).toFixed(2), o.words.map(w => `${w.text}[${w.start.toFixed(2)}-${w.end.toFixed(2)}]`).join(' ')); }
