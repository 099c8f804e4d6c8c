/**
 * The language of the question, so the answer can be written in it. Small
 * models follow "answer in German" far better than "answer in the user's
 * language", so the prompt names the language.
 */

export interface Language {
  /** BCP 47 code, e.g. "en", "zh", "pt". */
  code: string;
  /** English name, e.g. "Chinese". */
  name: string;
}

const SCRIPTS: readonly { code: string; pattern: RegExp }[] = [
  { code: 'ja', pattern: /[\u3040-\u30ff]/gu },
  { code: 'ko', pattern: /[\uac00-\ud7af]/gu },
  { code: 'zh', pattern: /\p{Script=Han}/gu },
  { code: 'ru', pattern: /\p{Script=Cyrillic}/gu },
  { code: 'ar', pattern: /\p{Script=Arabic}/gu },
  { code: 'hi', pattern: /\p{Script=Devanagari}/gu },
  { code: 'el', pattern: /\p{Script=Greek}/gu },
  { code: 'he', pattern: /\p{Script=Hebrew}/gu },
  { code: 'th', pattern: /\p{Script=Thai}/gu },
];

/** Frequent short words that tell Latin-script languages apart. */
const STOPWORDS: Record<string, readonly string[]> = {
  en: ['the', 'is', 'are', 'what', 'which', 'who', 'how', 'of', 'and', 'in', 'to', 'does', 'for', 'a', 'was', 'best', 'when', 'where', 'why'],
  de: ['der', 'die', 'das', 'ist', 'und', 'wer', 'wie', 'was', 'welche', 'welcher', 'ein', 'eine', 'nicht', 'mit', 'für', 'den', 'hat', 'gibt', 'es', 'im'],
  fr: ['le', 'la', 'les', 'est', 'et', 'qui', 'quel', 'quelle', 'comment', 'des', 'une', 'un', 'du', 'pour', 'que', 'en', 'sont', 'quels', 'où'],
  es: ['el', 'la', 'los', 'las', 'es', 'y', 'qué', 'quién', 'cómo', 'cuál', 'de', 'una', 'un', 'para', 'por', 'del', 'son', 'dónde', 'cuándo'],
  pt: ['o', 'a', 'os', 'as', 'é', 'e', 'que', 'quem', 'como', 'qual', 'de', 'uma', 'um', 'para', 'do', 'da', 'são', 'onde', 'não'],
  it: ['il', 'lo', 'la', 'gli', 'è', 'e', 'che', 'chi', 'come', 'quale', 'di', 'una', 'un', 'per', 'del', 'della', 'sono', 'dove', 'non'],
  nl: ['de', 'het', 'een', 'is', 'en', 'wie', 'wat', 'hoe', 'welke', 'van', 'voor', 'niet', 'zijn', 'waar', 'met', 'op'],
  pl: ['jest', 'i', 'co', 'kto', 'jak', 'który', 'która', 'w', 'na', 'nie', 'się', 'z', 'do', 'czy', 'są', 'gdzie'],
  sv: ['är', 'och', 'vem', 'vad', 'hur', 'vilken', 'en', 'ett', 'av', 'för', 'inte', 'med', 'på', 'det', 'som'],
  tr: ['bir', 've', 'ne', 'kim', 'nasıl', 'hangi', 'için', 'mi', 'mı', 'bu', 'nedir', 'neden', 'nerede'],
  vi: ['là', 'và', 'của', 'gì', 'ai', 'như', 'thế', 'nào', 'không', 'có', 'những', 'được', 'cho'],
  id: ['yang', 'dan', 'apa', 'siapa', 'bagaimana', 'di', 'ke', 'dari', 'untuk', 'adalah', 'ini', 'itu', 'tidak'],
};

/** Letters that only some Latin-script languages use. */
const LETTER_HINTS: readonly [RegExp, string][] = [
  [/[äöüß]/iu, 'de'],
  [/[ãõç]/iu, 'pt'],
  [/[ñ¿¡]/iu, 'es'],
  [/[ąęłńśźż]/iu, 'pl'],
  [/[ğışİ]/u, 'tr'],
  [/[ăâđêôơư]/iu, 'vi'],
  [/[œæàèùëïÿ]/iu, 'fr'],
];

export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    if (name && name !== code) return name;
  } catch {
    // An unusual but well-formed code: fall through to the code itself.
  }
  return code;
}

/**
 * Letters of Latin words that are names rather than language: brands and
 * models (MacBook, M3, XPS, iPhone) and capitalised words inside a sentence.
 * A Chinese question about "MacBook Air M3 和 Dell XPS 13" is Chinese.
 */
function nameLetters(text: string): number {
  let count = 0;
  for (const m of text.matchAll(/\p{Script=Latin}[\p{Script=Latin}\p{N}]*/gu)) {
    const word = m[0];
    const opensSentence = /^[\s\p{P}]*$/u.test(text.slice(0, m.index)) || /[.!?。！？]\s*$/u.test(text.slice(0, m.index));
    const name = /\d/.test(word) || /^\p{Lu}{2,}$/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || (/^\p{Lu}/u.test(word) && !opensSentence);
    if (name) count += (word.match(/\p{L}/gu) ?? []).length;
  }
  return count;
}

function byScript(text: string): string | undefined {
  const letters = (text.match(/\p{L}/gu) ?? []).length - nameLetters(text);
  if (letters === 0) return undefined;
  let best: { code: string; count: number } | undefined;
  for (const { code, pattern } of SCRIPTS) {
    const count = (text.match(pattern) ?? []).length;
    if (count > 0 && (!best || count > best.count)) best = { code, count };
  }
  if (!best) return undefined;
  // Japanese mixes kana with Han; any kana at all makes it Japanese.
  if (best.code === 'zh' && /[\u3040-\u30ff]/u.test(text)) return 'ja';
  if (best.code === 'ru' && /[іїєґ]/iu.test(text)) return 'uk';
  if (best.code === 'ar' && /[پچژگ]/u.test(text)) return 'fa';
  // Mostly Latin text with a stray foreign word keeps its Latin detection.
  return best.count * 3 >= letters ? best.code : undefined;
}

function byWords(text: string): string {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const scores: Record<string, number> = {};
  for (const [code, list] of Object.entries(STOPWORDS)) {
    scores[code] = words.filter((w) => list.includes(w)).length;
  }
  for (const [pattern, code] of LETTER_HINTS) if (pattern.test(text)) scores[code] = (scores[code] ?? 0) + 1.5;
  let best = 'en';
  for (const [code, score] of Object.entries(scores)) if (score > (scores[best] ?? 0)) best = code;
  return best;
}

export function detectLanguage(text: string): Language {
  const code = byScript(text) ?? byWords(text);
  return { code, name: languageName(code) };
}

/** --lang wins; otherwise the question's own language. */
export function answerLanguage(question: string, lang: string | undefined): Language {
  if (lang) return { code: lang, name: languageName(lang) };
  return detectLanguage(question);
}
