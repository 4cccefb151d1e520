/** Dates relative to today, as the tests' stays and bookings take them. */
import { todayUtc } from '../../shared/schemas/params.ts';

/**
 * The UTC day `offset` days from today, YYYY-MM-DD.
 * @example day(30) // a check_in a month ahead
 */
export const day = (offset: number): string => todayUtc(new Date(Date.now() + offset * 86_400_000));
