/**
 * The session API beside the dashboard, as the page calls it: relative URLs (so it works under a deployed
 * stage prefix), the CSRF token sent with every POST, and the answers' shapes.
 */
export interface AccountView {
  email: string;
  tier: string;
  daily_limit: number;
  key_limit: number;
  daily_key_creations: number;
  next_tier: { tier: string; daily_limit: number } | null;
}
export interface SessionAnswer {
  signed_in: boolean;
  csrf_token: string;
  account?: AccountView;
}
export interface KeyView {
  id: string;
  name: string;
  prefix: string;
  status: 'active' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  today: number;
  daily_limit: number;
  remaining: number;
  /** The id of the key that replaced this one by a rotation. */
  replaced_by: string | null;
  /** Of `today`, the requests the key it replaced made before the rotation. */
  carried_today: number;
}
export interface KeyList {
  keys: KeyView[];
  live_keys: number;
  key_limit: number;
  reset_at: string;
}
export interface Activity {
  days: string[];
  reset_at: string;
  keys: {
    id: string;
    name: string;
    prefix: string;
    status: string;
    daily: number[];
    endpoints: Record<string, number[]>;
  }[];
  endpoints: Record<string, number[]>;
  total: number;
}

/** A refusal of the session API: its status, its error code and what it says. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, detail: string) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

/** The session's CSRF token, sent with every POST: set when the session is read or opened. */
export const csrf = { token: '' };
/**
 * Calls the session API: the answer's body, or an ApiError with the refusal's code and detail.
 * @example const { keys } = await api<KeyList>('account/keys');
 */
export async function api<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(method === 'POST' ? { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf.token } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(init.body ?? {}) } : {}),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError(
      res.status,
      String(data.error_code ?? ''),
      String(data.detail ?? `HTTP ${res.status}`),
    );
  return data as T;
}
