/**
 * The dashboard's HTML: one page, its script and styles from this origin only (`dashboard/app.js`,
 * `dashboard/app.css`, relative so they resolve under a deployed stage prefix too). Every control has a
 * label, every action is a button or a form, and status messages are announced.
 */
import { pagePolicy } from '../../shared/http/page-policy.ts';

/**
 * A table of the account's keys or watches: its caption for screen readers and its column headers; app.ts
 * fills the rows, each cell labelled by its column (view.ts appendCells).
 */
const listTable = (id: string, caption: string, columns: readonly string[]) => `<div class="table-wrap">
            <table id="${id}">
              <caption class="visually-hidden">${caption}</caption>
              <thead>
                <tr>
${columns.map((column) => `                  <th scope="col">${column}</th>`).join('\n')}
                </tr>
              </thead>
              <tbody></tbody>
            </table>
          </div>`;

/** The columns of the keys and the watches tables: app/keys.ts and app/watches.ts fill a row's cells in this order. */
const KEY_COLUMNS = ['Name', 'Prefix', 'Created', 'Last used', 'Today', 'Left', 'Status', 'Actions'];
const WATCH_COLUMNS = ['Watch', 'Key', 'Condition', 'Status', 'Last check', 'Actions'];

export const DASHBOARD_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Dashboard · travel-data-api</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="dashboard/app.css">
    <script src="dashboard/app.js" defer></script>
  </head>
  <body>
    <a class="skip" href="#main">Skip to content</a>
    <header class="top">
      <p class="brand">travel-data-api <span>dashboard</span></p>
      <nav class="links" aria-label="Documentation">
        <a href="docs">API reference</a>
        <a href="./">Every endpoint (GET /)</a>
      </nav>
      <nav id="account-nav" aria-label="Account" hidden>
        <span id="who"></span>
        <button id="signout" type="button" class="secondary">Sign out</button>
      </nav>
    </header>
    <main id="main" tabindex="-1">
      <h1 id="title">Your API account</h1>
      <p id="status" role="status" aria-live="polite"></p>
      <p id="problem" role="alert"></p>

      <section id="signed-out" hidden>
        <div class="cards">
          <form id="signup-form" class="card" aria-labelledby="signup-title" novalidate>
            <h2 id="signup-title">Create an account</h2>
            <label for="signup-email">Email</label>
            <input id="signup-email" name="email" type="email" autocomplete="email" required>
            <label for="signup-password">Password</label>
            <input id="signup-password" name="password" type="password" autocomplete="new-password" minlength="12"
              required aria-describedby="password-hint">
            <p id="password-hint" class="hint">12 characters or more; a phrase of a few words is best.</p>
            <button type="submit">Sign up</button>
          </form>
          <form id="signin-form" class="card" aria-labelledby="signin-title" novalidate>
            <h2 id="signin-title">Sign in</h2>
            <label for="signin-email">Email</label>
            <input id="signin-email" name="email" type="email" autocomplete="username" required>
            <label for="signin-password">Password</label>
            <input id="signin-password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">Sign in</button>
            <p class="hint"><a href="#forgot" id="forgot-link">Forgot your password?</a></p>
          </form>
        </div>
        <form id="forgot-form" class="card" aria-labelledby="forgot-title" novalidate hidden>
          <h2 id="forgot-title">Reset your password</h2>
          <p class="hint">We mail a link to set a new password. It works for an hour.</p>
          <label for="forgot-email">Email</label>
          <input id="forgot-email" name="email" type="email" autocomplete="email" required>
          <button type="submit">Mail me a reset link</button>
        </form>
        <form id="reset-form" class="card" aria-labelledby="reset-title" novalidate hidden>
          <h2 id="reset-title">Choose a new password</h2>
          <label for="reset-password">New password</label>
          <input id="reset-password" name="password" type="password" autocomplete="new-password" minlength="12"
            required aria-describedby="reset-hint">
          <p id="reset-hint" class="hint">12 characters or more. Signing in anywhere else ends.</p>
          <button type="submit">Set the new password</button>
        </form>
      </section>

      <section id="signed-in" hidden>
        <section class="panel" aria-labelledby="plan-title">
          <h2 id="plan-title">Your plan</h2>
          <p id="plan"></p>
          <p id="next-plan" class="hint"></p>
        </section>
        <section class="panel" aria-labelledby="keys-title">
          <h2 id="keys-title">API keys</h2>
          <p id="key-count" class="hint"></p>
          <form id="create-form" class="inline-form">
            <label for="key-name">New key's name</label>
            <input id="key-name" name="name" maxlength="40" required placeholder="for example: production">
            <button type="submit">Create key</button>
          </form>
          <div id="new-key" class="new-key" role="region" aria-labelledby="new-key-title" hidden>
            <h3 id="new-key-title">Your new key</h3>
            <p>Copy it now: it is shown only this once, and only its hash is kept.</p>
            <label for="new-key-value">Key</label>
            <div class="copy-row">
              <input id="new-key-value" readonly spellcheck="false">
              <button type="button" id="copy-key" class="secondary">Copy key</button>
            </div>
            <label for="curl">Try it with curl</label>
            <div class="copy-row">
              <textarea id="curl" readonly rows="2" spellcheck="false"></textarea>
              <button type="button" id="copy-curl" class="secondary">Copy command</button>
            </div>
          </div>
          ${listTable('keys-table', "Your keys, with today's use of each one's daily quota", KEY_COLUMNS)}
        </section>

        <section class="panel" aria-labelledby="watches-title">
          <h2 id="watches-title">Watches</h2>
          <p class="hint">Made with a key (POST /v1/watches): each calls its URL by a signed webhook when a price or an availability changes.</p>
          ${listTable('watches-table', 'Your watches, with their last status', WATCH_COLUMNS)}
        </section>

        <section class="panel" aria-labelledby="usage-title">
          <h2 id="usage-title">Usage</h2>
          <p id="quota"></p>
          <div class="usage-controls">
            <fieldset>
              <legend>Show requests per day by</legend>
              <label><input type="radio" name="group" value="key" checked> key</label>
              <label><input type="radio" name="group" value="endpoint"> endpoint</label>
            </fieldset>
            <button type="button" id="refresh" class="secondary">Refresh usage</button>
          </div>
          <figure>
            <div class="chart-box"><canvas id="chart" role="img" aria-describedby="chart-summary"></canvas></div>
            <figcaption id="chart-summary"></figcaption>
          </figure>
          <details>
            <summary>The chart's numbers as a table</summary>
            <p id="usage-scroll-hint" class="hint scroll-hint" hidden>The table is wider than the screen: scroll it sideways for every column.</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="Requests per day, by column"><table id="usage-table"></table></div>
          </details>
        </section>

        <form id="delete-form" class="panel" aria-labelledby="delete-title" novalidate>
          <h2 id="delete-title">Delete your account</h2>
          <p class="hint">Your keys stop working at once and your account is gone for good.</p>
          <label for="delete-password">Your password, to confirm</label>
          <input id="delete-password" name="password" type="password" autocomplete="current-password" required>
          <button type="submit" class="danger">Delete my account</button>
        </form>
      </section>
    </main>
  </body>
</html>
`;

/**
 * Scripts and styles from this origin only, no inline script; requests to this origin only.
 * (Chart.js sizes its canvas through the CSSOM, which style-src does not restrict.)
 */
export const DASHBOARD_CSP = pagePolicy();
