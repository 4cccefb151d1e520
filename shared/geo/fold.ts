/**
 * Folds text for matching: Unicode-decomposed, accents dropped, lower-cased, and every run of
 * characters that is neither letter nor digit collapsed to one space.
 * @example fold('  São Paulo, BR ') // 'sao paulo br'
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
