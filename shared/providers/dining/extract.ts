/**
 * Pure readers of dining's real availability answer: `data.availability[]`, one block per restaurant (the
 * one asked for, and sometimes others nearby), each with `availabilityDays[].slots[]` given as minute
 * offsets from the requested time. A GraphQL `errors[]` answer, or a refusal status, is an upstream
 * failure that names what to fix (a stale persisted query hash, a renamed operation).
 */
import * as z from 'zod';
import { ExtractionError, UpstreamError } from '../../upstream/errors.ts';
import { OPERATION_NAME, WINDOW_MINUTES, type SlotQuery } from './requests.ts';

const Slot = z.looseObject({
  isAvailable: z.boolean(),
  timeOffsetMinutes: z.number().int(),
  type: z.string().optional(),
  slotHash: z.string().optional(),
});

const RestaurantAvailability = z.looseObject({
  restaurantId: z.number().int(),
  availabilityDays: z.array(z.looseObject({ dayOffset: z.number().int().optional(), slots: z.array(Slot) })),
});

const GraphQLError = z.looseObject({
  message: z.string(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

export const AvailabilityAnswer = z.looseObject({
  data: z
    .looseObject({ availability: z.array(RestaurantAvailability).nullable().optional() })
    .nullable()
    .optional(),
  errors: z.array(GraphQLError).optional(),
});
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswer>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const staleHash = (e: z.infer<typeof GraphQLError>) =>
  /PersistedQueryNotFound|PERSISTED_QUERY_NOT_FOUND/i.test(`${e.message} ${e.extensions?.code ?? ''}`);

/**
 * The failure an answer stands for, if any: a refusal status (409 when the operation name and the
 * persisted query disagree), or GraphQL errors without data (PersistedQueryNotFound when the hash is
 * stale). Each names the hash, so an operator knows what to update.
 * @example answerFailure(409, {}, 'abc')?.message // 'The dining source failed: it refused RestaurantsAvailability (HTTP 409) …'
 */
export function answerFailure(status: number, body: unknown, hash: string): UpstreamError | undefined {
  const answer = AvailabilityAnswer.safeParse(body);
  const errors = answer.success ? (answer.data.errors ?? []) : [];
  if (errors.some(staleHash))
    return new UpstreamError(
      'dining',
      `the persisted query hash ${hash} of ${OPERATION_NAME} is unknown to the source (PersistedQueryNotFound); ` +
        'update operations.availability',
      status,
    );
  if (status === 409)
    return new UpstreamError(
      'dining',
      `it refused ${OPERATION_NAME} (HTTP 409: operation name and persisted query ${hash} do not match); ` +
        'update operations.availability',
      status,
    );
  if (status !== 200) return new UpstreamError('dining', `${OPERATION_NAME} answered HTTP ${status}`, status);
  if (errors.length > 0 && !answer.data?.data?.availability)
    return new UpstreamError(
      'dining',
      `${OPERATION_NAME} answered an error: ${errors[0]!.message.slice(0, 200)}`,
      status,
    );
  return undefined;
}

/**
 * Distinct HH:MM times near the preferred one, in order, for the restaurant asked for: the requested time
 * plus each available slot's offset, on the requested day of the restaurant's own clock, within
 * WINDOW_MINUTES. Undefined when the answer holds no restaurant at all (the source does not know it).
 * @example extractSlots({ data: { availability: [{ restaurantId: 7, availabilityDays: [{ slots: [{ isAvailable: true, timeOffsetMinutes: -15 }] }] }] } }, { restaurantId: 7, date: '2030-06-10', preferredTime: '19:30', partySize: 2 }) // ['19:15']
 */
export function extractSlots(answer: AvailabilityAnswer, q: SlotQuery): string[] | undefined {
  const blocks = answer.data?.availability;
  if (!blocks) throw new ExtractionError('dining', 'the answer has no data.availability', undefined, 200);
  if (blocks.length === 0) return undefined;
  const own = blocks.filter((b) => b.restaurantId === q.restaurantId);
  // Other restaurants but not this one: the answer is not about what was asked.
  if (own.length === 0)
    throw new ExtractionError(
      'dining',
      `the answer has no block for restaurant ${q.restaurantId}`,
      undefined,
      200,
    );
  const center = minutes(q.preferredTime);
  const times = own
    .flatMap((b) => b.availabilityDays)
    .filter((d) => (d.dayOffset ?? 0) === 0)
    .flatMap((d) => d.slots)
    .filter((s) => s.isAvailable && Math.abs(s.timeOffsetMinutes) <= WINDOW_MINUTES)
    .map((s) => center + s.timeOffsetMinutes)
    // A slot past midnight (or before it) belongs to another day.
    .filter((m) => m >= 0 && m < 24 * 60)
    .map(hhmm);
  return [...new Set(times)].sort();
}
