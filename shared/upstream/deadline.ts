/**
 * The time budget of one invocation. Every upstream attempt shares it, so retries never outlive
 * API Gateway's 29 s integration limit.
 */
export const MAX_BUDGET_MS = 25_000;
/** Kept back for rendering the response after the last upstream answer. */
const SAFETY_MS = 1_000;

export class Deadline {
  readonly at: number;
  constructor(budgetMs: number, now = Date.now()) {
    this.at = now + Math.max(0, Math.min(budgetMs, MAX_BUDGET_MS));
  }

  /** @example Deadline.fromLambda(context) */
  static fromLambda(context: { getRemainingTimeInMillis?: () => number }): Deadline {
    const remaining = context.getRemainingTimeInMillis?.() ?? MAX_BUDGET_MS + SAFETY_MS;
    return new Deadline(remaining - SAFETY_MS);
  }

  remaining(): number {
    return Math.max(0, this.at - Date.now());
  }
}
