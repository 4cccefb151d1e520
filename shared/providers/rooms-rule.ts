/**
 * The rooms rule of the chains' rooms endpoints (chain_a rooms, chain_c loyalty rooms): per-night figures
 * are for one room, stay totals for every room over every night. A source that prices the stay gives
 * per-night figures by division; one that prices a night of one room gives totals by multiplication.
 */
import { cents } from '../extraction/values.ts';

/** The stay a rooms answer prices: its nights and the rooms booked. */
export interface Occupancy {
  nights: number;
  rooms: number;
}

/**
 * A night of one room from a stay total of every room.
 * @example perRoomNight(400, { nights: 2, rooms: 2 }) // 100
 */
export function perRoomNight(stayTotal: number, o: Occupancy): number {
  return cents(stayTotal / o.nights / o.rooms);
}

/**
 * Points of a night of one room from the stay's points of every room (points are whole).
 * @example pointsPerRoomNight(80_000, { nights: 2, rooms: 2 }) // 20000
 */
export function pointsPerRoomNight(stayPoints: number, o: Occupancy): number {
  return Math.round(stayPoints / o.nights / o.rooms);
}

/**
 * The stay total of every room from a figure of one room for one night (cash to the cent, points whole).
 * @example stayTotal(100, { nights: 2, rooms: 2 }) // 400
 */
export function stayTotal(perRoomNightFigure: number, o: Occupancy): number {
  return cents(perRoomNightFigure * o.nights * o.rooms);
}
