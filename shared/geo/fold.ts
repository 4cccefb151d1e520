// Latin letters that Unicode does not decompose into a base letter and a mark.
const LATIN: Record<string, string> = {
  ł: 'l',
  ı: 'i',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ŧ: 't',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
  ð: 'd',
  ŀ: 'l',
  ĸ: 'k',
  ŋ: 'n',
  ə: 'e',
};

/**
 * Folds text for matching: Unicode-decomposed, accents dropped, lower-cased, and every run of
 * characters that is neither letter nor digit collapsed to one space.
 * @example fold('  São Paulo, BR ') // 'sao paulo br'; fold('Łódź') // 'lodz'
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łıøđħŧæœßþðŀĸŋə]/g, (c) => LATIN[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
