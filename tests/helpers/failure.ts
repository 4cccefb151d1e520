/** The contract error a promise fails with; any other outcome fails the test. */
import { ProblemError } from '../../shared/errors.ts';

/** @example expect(await failure(fetchUpstream(req, ctx))).toMatchObject({ status: 502 }) */
export async function failure(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
