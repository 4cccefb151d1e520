/** What the sources' reviews share. */
import * as z from 'zod';

/** How many readers found a review helpful; null when the source shows no count. */
export const HelpfulVotes = z
  .number()
  .int()
  .min(0)
  .nullable()
  .meta({ description: 'null when the source shows no count' });

const StarCount = z.number().int().min(0).nullable();

/**
 * Reviews by stars, "1" to "5", as a source shows them; null when it shows none, a star null when it does
 * not show that one (never a count of 0 nobody stated).
 */
export const RatingDistribution = z
  .object({ 1: StarCount, 2: StarCount, 3: StarCount, 4: StarCount, 5: StarCount })
  .nullable()
  .meta({
    description:
      'Reviews by stars, "1" to "5"; null when the source does not give it, a star null when it does not give that one',
  });
export type RatingDistribution = z.infer<typeof RatingDistribution>;
