/**
 * DynamoDB's conditional writes as the stores use them: a write refused on its condition is an answer (a
 * lease held, a version moved on, a limit reached), not a fault.
 */

/** Whether a write failed on its condition. @example isConditionFailure({ name: 'ConditionalCheckFailedException' }) // true */
export const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Whether a conditional write went through: false when its condition refused it; any other failure is thrown.
 * @example if (!(await written(client.send(new PutItemCommand({ ..., ConditionExpression: 'version = :v' }))))) return false;
 */
export async function written(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
