/**
 * Prices that behave like prices: by hotel, date, weekday, season, nights, occupancy, rooms and
 * currency, with some nights sold out, member and advance-purchase rates, and points options.
 */
import { hash, rng } from './random.ts';
import type { Hotel } from './world.ts';

/** Units of a currency per US dollar (fixed sandbox rates). */
export const FX: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 150,
  CNY: 7.2,
  INR: 83,
  AUD: 1.52,
  CAD: 1.36,
  CHF: 0.88,
  THB: 36,
  SGD: 1.35,
  MXN: 17,
  BRL: 5,
  TRY: 32,
  KRW: 1330,
  HKD: 7.8,
  AED: 3.67,
  SEK: 10.5,
  NOK: 10.7,
  DKK: 6.9,
  PLN: 4,
  CZK: 23,
  NZD: 1.65,
  ZAR: 18.5,
};

export interface StayQuery {
  checkIn: string;
  checkOut: string;
  adults: number;
  children?: number;
  rooms?: number;
  currency: string;
}

export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let t = Date.parse(`${checkIn}T00:00:00Z`); t < Date.parse(`${checkOut}T00:00:00Z`); t += 86_400_000) {
    nights.push(new Date(t).toISOString().slice(0, 10));
  }
  return nights;
}

/** A night is sold out for about one hotel-night in twelve, the same in every run. */
export function soldOut(hotel: Hotel, night: string): boolean {
  return hash(`soldout:${hotel.key}:${night}`) % 12 === 0;
}

/** A move of every price the test drives (1: none), so that a watch sees a drop (tests/watches). */
let moved = 1;

/** Multiplies every sandbox price by `factor` until moved again (1 puts them back). @example movePrices(0.5) */
export function movePrices(factor: number): void {
  moved = factor;
}

/** The move in force (1: none), for what keeps rendered prices (site_a's page cache). @example priceMove() // 1 */
export const priceMove = (): number => moved;

/** Nightly base price in USD before taxes for one room and two adults. */
export function nightlyUsd(hotel: Hotel, night: string): number {
  const date = new Date(`${night}T00:00:00Z`);
  const weekday = date.getUTCDay();
  const season = 1 + 0.25 * Math.sin(((date.getUTCMonth() + 1) / 12) * 2 * Math.PI);
  const weekend = weekday === 5 || weekday === 6 ? 1.2 : 1;
  const base = 40 + hotel.stars * 45 + (hash(`base:${hotel.key}`) % 60);
  const noise = 0.95 + rng(`night:${hotel.key}:${night}`)() * 0.1;
  return base * season * weekend * noise * moved;
}

export interface StayPrice {
  perNight: number;
  baseTotal: number;
  taxes: number;
  total: number;
  nights: number;
  currency: string;
}

/** The cash price of a stay, or null when any night is sold out. @example stayPrice(hotel, { checkIn, checkOut, adults: 2, currency: 'EUR' }) */
export function stayPrice(hotel: Hotel, q: StayQuery): StayPrice | null {
  const nights = nightsOf(q.checkIn, q.checkOut);
  if (nights.length === 0 || nights.some((n) => soldOut(hotel, n))) return null;
  const fx = FX[q.currency] ?? 1;
  const occupancy = 1 + 0.15 * Math.max(0, q.adults - 2) + 0.08 * (q.children ?? 0);
  const rooms = q.rooms ?? 1;
  const round = (n: number) => Math.round(n * 100) / 100;
  const baseTotal = round(nights.reduce((sum, n) => sum + nightlyUsd(hotel, n), 0) * occupancy * rooms * fx);
  const taxes = round(baseTotal * 0.12);
  return {
    perNight: round(baseTotal / nights.length),
    baseTotal,
    taxes,
    total: round(baseTotal + taxes),
    nights: nights.length,
    currency: q.currency,
  };
}

/** Loyalty points per night for a cash nightly price in USD. */
export function pointsPerNight(usdPerNight: number): number {
  return Math.max(5_000, Math.round((usdPerNight * 100) / 500) * 500);
}

// The currency a property bills in, by country; USD elsewhere.
const EURO = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ');
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  GB: 'GBP',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  AU: 'AUD',
  CA: 'CAD',
  CH: 'CHF',
  TH: 'THB',
  SG: 'SGD',
  MX: 'MXN',
  BR: 'BRL',
  TR: 'TRY',
  KR: 'KRW',
  HK: 'HKD',
  AE: 'AED',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  NZ: 'NZD',
  ZA: 'ZAR',
};

/**
 * The currency a hotel bills in: its country's, among those the sandbox converts; USD elsewhere.
 * @example billingCurrency(hotel) // 'EUR' for a hotel in Paris
 */
export function billingCurrency(h: Hotel): string {
  return EURO.includes(h.city.country) ? 'EUR' : (CURRENCY_BY_COUNTRY[h.city.country] ?? 'USD');
}
