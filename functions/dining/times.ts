// The bookable times that dining's table routes (slots and availability) answer.
import * as z from 'zod';
import { HHMM } from '../../shared/schemas/dining.ts';

/** HH:MM times a table can be booked at, each once and in order. */
export const BookableTimes = z
  .array(z.string().regex(HHMM))
  .refine((s) => s.every((t, i) => i === 0 || s[i - 1]! < t), { error: 'must be distinct and in order' });
