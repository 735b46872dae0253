/**
 * The n-gram detector knows Malay but not Indonesian; the two standard languages share grammar
 * and most words, and differ in a set of everyday words and spellings. Count those: the side with
 * more markers wins. With no marker either way the text is called Indonesian, the language of far
 * more speakers and the one the earlier interface lists.
 */
const malayMarkers = new Set([
  'kerana', 'wang', 'boleh', 'kereta', 'pejabat', 'hospital', 'kerajaan', 'sahaja', 'mesyuarat',
  'percuma', 'faham', 'cuba', 'betul', 'mahu', 'nak', 'awak', 'encik', 'sila', 'rosak', 'hantar',
  'baharu', 'kenderaan', 'bas', 'teksi', 'telefon', 'universiti', 'polis', 'kedai', 'ubat',
  'syarikat', 'projek', 'sebarang', 'pekan', 'jumaat', 'bilik', 'peti', 'beli-belah', 'lapan',
  'sifar', 'perpuluhan', 'peratus', 'ringgit', 'kilang', 'tandas', 'seluar', 'kasut', 'lori',
]);

const indonesianMarkers = new Set([
  'karena', 'uang', 'bisa', 'mobil', 'kantor', 'pemerintah', 'rapat', 'gratis', 'paham', 'coba',
  'benar', 'mau', 'nggak', 'gak', 'enggak', 'banget', 'sih', 'dong', 'kok', 'deh', 'silakan',
  'kirim', 'rusak', 'kendaraan', 'bus', 'taksi', 'telepon', 'universitas', 'polisi', 'toko',
  'obat', 'perusahaan', 'proyek', 'kapan', 'jumat', 'kamar', 'delapan', 'nol', 'koma', 'persen',
  'rupiah', 'pabrik', 'celana', 'sepatu', 'truk', 'kalian', 'tomat',
]);

// Suffixes and particles glued to a stem: kirimkan, bisanya, bolehlah.
const suffix = /(?:kan|nya|lah|kah|pun|i)$/u;

export function malayOrIndonesian(text: string): 'msa' | 'ind' {
  let malay = 0;
  let indonesian = 0;
  for (const raw of text.toLowerCase().match(/[\p{L}-]+/gu) ?? []) {
    const stem = raw.replace(suffix, '');
    if (malayMarkers.has(raw) || malayMarkers.has(stem)) malay++;
    else if (indonesianMarkers.has(raw) || indonesianMarkers.has(stem)) indonesian++;
  }
  return malay > indonesian ? 'msa' : 'ind';
}
