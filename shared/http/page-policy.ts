/**
 * The Content-Security-Policy of the HTML pages this API serves (the dashboard, the API reference): this
 * origin only, no inline script, no base or form target, no framing. A page states only what it allows
 * beyond that.
 */
const THIS_ORIGIN_ONLY = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

/**
 * The policy header's value, with the page's own sources where it needs more.
 * @example pagePolicy({ 'style-src': "'self' 'unsafe-inline'" }) // "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; …"
 */
export function pagePolicy(beyond: Partial<typeof THIS_ORIGIN_ONLY> = {}): string {
  return Object.entries({ ...THIS_ORIGIN_ONLY, ...beyond })
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ');
}
