import { describe, expect, it } from '@jest/globals';
import { fold } from './fold.ts';
import { search } from './gazetteer.ts';

describe('fold', () => {
  it('drops accents, case and punctuation', () => {
    expect(fold('  São-Paulo, BR ')).toBe('sao paulo br');
    expect(fold("Xi'an")).toBe('xi an');
  });
});

describe('gazetteer search', () => {
  it('ranks an exact, populous name first', () => {
    expect(search('london', 1)[0]).toMatchObject({ name: 'London, United Kingdom', country: 'GB' });
  });

  it('finds an airport by its IATA code', () => {
    expect(search('JFK', 1)[0]).toMatchObject({ type: 'airport', country: 'US' });
  });

  it('requires every word to begin a word of the place', () => {
    expect(search('york new', 5).every((l) => /york/i.test(l.name))).toBe(true);
    expect(search('aris', 5).some((l) => l.name.startsWith('Paris,'))).toBe(false);
  });

  it('returns nothing for a term with no letters or digits', () => {
    expect(search(' ,;- ', 5)).toEqual([]);
  });
});
