import { describe, expect, it } from 'vitest';
import { answerLanguage, detectLanguage } from '../../src/agent/language.js';

describe('detectLanguage', () => {
  it.each([
    ['What is the tallest building in Europe?', 'en', 'English'],
    ['欧洲最高的建筑是什么？', 'zh', 'Chinese'],
    ['ヨーロッパで一番高い建物は何ですか', 'ja', 'Japanese'],
    ['유럽에서 가장 높은 건물은?', 'ko', 'Korean'],
    ['Какое здание самое высокое в Европе?', 'ru', 'Russian'],
    ['Wie hoch ist das höchste Gebäude Europas?', 'de', 'German'],
    ['Quel est le plus haut bâtiment d\'Europe ?', 'fr', 'French'],
    ['¿Cuál es el edificio más alto de Europa?', 'es', 'Spanish'],
    ['Qual é o edifício mais alto da Europa?', 'pt', 'Portuguese'],
    ['ما هو أطول مبنى في أوروبا؟', 'ar', 'Arabic'],
    ['यूरोप की सबसे ऊंची इमारत कौन सी है?', 'hi', 'Hindi'],
  ])('%s -> %s', (text, code, name) => {
    expect(detectLanguage(text)).toEqual({ code, name });
  });

  it('keeps a Latin question with one foreign name in its own language', () => {
    expect(detectLanguage('How tall is the 上海中心 tower in Shanghai compared to others?').code).toBe('en');
  });

  it('reads a mixed-script question by its script, not by its Latin brand names', () => {
    expect(detectLanguage('MacBook Air M3 和 Dell XPS 13 哪个好？').code).toBe('zh');
    expect(detectLanguage('iPhone 15 Pro と Pixel 8 はどちらが良いですか').code).toBe('ja');
    expect(detectLanguage('Что лучше: MacBook Air M3 или Dell XPS 13?').code).toBe('ru');
  });

  it('lets --lang win', () => {
    expect(answerLanguage('What is this?', 'de')).toEqual({ code: 'de', name: 'German' });
    expect(answerLanguage('What is this?', 'pt-BR').name).toBe('Brazilian Portuguese');
  });
});
