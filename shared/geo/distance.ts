/** Distances on the globe, for connectors that place results around a point. */

/** A point as latitude and longitude in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

/**
 * Great-circle distance in metres.
 * @example metersBetween({ latitude: 48.85, longitude: 2.35 }, { latitude: 48.86, longitude: 2.35 }) // ≈ 1112
 */
export function metersBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
