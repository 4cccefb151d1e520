/**
 * Telephone numbers of the sandbox's places, with the country calling code of the country they are in
 * (issue #40: a Paris hotel's number began with Sweden's +46). The rest of the number is invented; the
 * sandbox calls no one.
 */
import { hash } from './random.ts';

/** ITU-T E.164 country calling codes of the gazetteer's countries (ISO 3166-1 alpha-2). */
// prettier-ignore
export const CALLING_CODES: Readonly<Record<string, string>> = {
  AE: '971', AF: '93', AM: '374', AO: '244', AR: '54', AT: '43', AU: '61', AZ: '994', BD: '880', BE: '32',
  BF: '226', BG: '359', BO: '591', BR: '55', BY: '375', CA: '1', CD: '243', CG: '242', CH: '41', CI: '225',
  CL: '56', CM: '237', CN: '86', CO: '57', CU: '53', CZ: '420', DE: '49', DK: '45', DO: '1', DZ: '213',
  EC: '593', EG: '20', ES: '34', ET: '251', FI: '358', FR: '33', GB: '44', GE: '995', GH: '233', GN: '224',
  GR: '30', GT: '502', HK: '852', HT: '509', HU: '36', ID: '62', IE: '353', IL: '972', IN: '91', IQ: '964',
  IR: '98', IT: '39', JM: '1', JO: '962', JP: '81', KE: '254', KG: '996', KH: '855', KP: '850', KR: '82',
  KZ: '7', LB: '961', LR: '231', LY: '218', MA: '212', MG: '261', ML: '223', MM: '95', MX: '52', MY: '60',
  MZ: '258', NG: '234', NI: '505', NL: '31', NO: '47', NP: '977', NZ: '64', PE: '51', PH: '63', PK: '92',
  PL: '48', PT: '351', PY: '595', RO: '40', RS: '381', RU: '7', SA: '966', SD: '249', SE: '46', SG: '65',
  SN: '221', SO: '252', SY: '963', TH: '66', TR: '90', TW: '886', TZ: '255', UA: '380', UG: '256', US: '1',
  UY: '598', UZ: '998', VE: '58', VN: '84', YE: '967', ZA: '27', ZM: '260', ZW: '263',
};

/**
 * A place's number, `+<calling code> <3 digits> <4 digits>`, the same on every run; `line` tells two numbers
 * of one place apart (a phone and a fax).
 * @example phoneOf('FR', 'hotel-paris-1') // '+33 412 5307'
 */
export function phoneOf(country: string, key: string, line = 'phone'): string {
  const code = CALLING_CODES[country.toUpperCase()] ?? '1';
  return `+${code} ${100 + (hash(`${line}1:${key}`) % 900)} ${1000 + (hash(`${line}2:${key}`) % 9000)}`;
}
