/** What the sources' reviews share. */
import * as z from 'zod';

/** How many readers found a review helpful; null when the source shows no count. */
export const HelpfulVotes = z
  .number()
  .int()
  .min(0)
  .nullable()
  .meta({ description: 'null when the source shows no count' });
