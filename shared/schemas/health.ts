import * as z from 'zod';

/** Health response (spec: Health endpoints). */
export const Health = z.object({
  status: z.literal('healthy'),
  message: z.string(),
  version: z.string(),
  timestamp: z.iso.datetime(),
});
export type Health = z.infer<typeof Health>;
