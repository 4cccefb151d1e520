/**
 * The dashboard in the browser: plain TypeScript over the DOM, Chart.js for the usage chart, bundled by
 * esbuild into one script the service serves (web/dashboard/build.ts). It talks to the session API beside
 * it with relative URLs (so it works under a deployed stage prefix), sends the CSRF token with every POST,
 * and never stores a key: a new key lives in the page until it is reloaded. This file is the page as a
 * whole (the session, the forms, mailed links); its parts are in app/: the API (api.ts), what every part
 * shows with (view.ts), the keys, the usage chart and the watches.
 */
import { api, ApiError, csrf, type AccountView, type SessionAnswer } from './app/api.ts';
import { loadKeys, showNewKey } from './app/keys.ts';
import { drawChart, loadActivity, showScrollHint } from './app/usage.ts';
import { $, clearErrors, closeNewKey, complain, complainAt, page, say } from './app/view.ts';
import { loadWatches } from './app/watches.ts';
/** Usage refreshes by itself at most this often, and only while the page is visible. */
const REFRESH_MS = 30_000;
let refreshedAt = 0;
let signedIn = false;

async function showSession(): Promise<void> {
  const session = await api<SessionAnswer>('account/session');
  csrf.token = session.csrf_token;
  signedIn = session.signed_in;
  $('signed-out').hidden = session.signed_in;
  $('signed-in').hidden = !session.signed_in;
  $('account-nav').hidden = !session.signed_in;
  $('who').textContent = session.account?.email ?? '';
  if (session.account) {
    showPlan(session.account);
    await refreshUsage();
  }
}

const capitalised = (tier: string) => tier[0]!.toUpperCase() + tier.slice(1);

function showPlan(account: AccountView): void {
  $('plan').textContent =
    `${capitalised(account.tier)} tier: ${account.daily_limit.toLocaleString()} requests a UTC day per key, ` +
    `up to ${account.key_limit} live keys, ${account.daily_key_creations} new keys a day.`;
  const next = account.next_tier;
  $('next-plan').textContent = next
    ? `${capitalised(next.tier)} gives ${next.daily_limit.toLocaleString()} requests a day per key. ` +
      'Tiers are changed by the operator of this service: ask them to move your account.'
    : 'This is the highest tier.';
}

/** Keys, usage and watches, read again. */
async function refreshUsage(): Promise<void> {
  refreshedAt = Date.now();
  await Promise.all([loadKeys(), loadActivity(), loadWatches()]);
}

/** While visible and signed in, usage is read again every REFRESH_MS, so a call made elsewhere shows up. */
function refreshWhenDue(): void {
  if (!signedIn || document.visibilityState !== 'visible' || Date.now() - refreshedAt < REFRESH_MS) return;
  refreshUsage().catch(complain);
}

function formValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
}

function onSubmit(id: string, handle: (form: HTMLFormElement) => Promise<void>): void {
  const form = $<HTMLFormElement>(id);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.disabled = true;
    clearErrors();
    closeNewKey();
    handle(form)
      .catch((error: unknown) => complainAt(form, error))
      .finally(() => {
        button.disabled = false;
      });
  });
}

async function copy(id: string, what: string): Promise<void> {
  const field = $<HTMLInputElement | HTMLTextAreaElement>(id);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    say(`${what} copied.`);
  } catch {
    say(`${what} selected: press Ctrl+C (⌘C) to copy it.`);
  }
}

/** The reset token of the link this page was opened with, kept until the new password is sent. */
let resetToken = '';

/** A mailed link (`#verify=…` or `#reset=…`): its token leaves the address bar (and the history) first. */
async function followLink(): Promise<void> {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (fragment.has('forgot')) {
    $('forgot-form').hidden = false;
    $('forgot-email').focus();
  }
  const verify = fragment.get('verify');
  const reset = fragment.get('reset');
  if (!verify && !reset) return;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  if (reset) {
    resetToken = reset;
    $('reset-form').hidden = false;
    $('reset-password').focus();
    return;
  }
  try {
    const { message } = await api<{ message: string }>('account/verify', {
      method: 'POST',
      body: { token: verify },
    });
    say(message);
  } catch (error) {
    // Signed in means verified: a link opened again tells its owner so, not to sign up again (issue #40).
    if (signedIn && error instanceof ApiError && error.code === 'INVALID_TOKEN')
      return say('Your email is verified already, and you are signed in: this link is used up.');
    if (signedIn) throw error;
    return complainAt($('signin-form'), error);
  }
  $('signin-email').focus();
}

function wire(): void {
  onSubmit('signup-form', async (form) => {
    const { message } = await api<{ message: string }>('account/signup', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    say(`${message} (Running it locally? npm start prints the link in its terminal.)`);
  });
  onSubmit('signin-form', async (form) => {
    const session = await api<SessionAnswer>('account/signin', { method: 'POST', body: formValues(form) });
    form.reset();
    csrf.token = session.csrf_token;
    say(`Signed in as ${session.account?.email}.`);
    await showSession();
    $('main').focus();
  });
  onSubmit('create-form', async (form) => {
    const made = await api<{ key: string; name: string }>('account/keys', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    showNewKey(made.key, made.name);
    say(`Key "${made.name}" created: copy it now.`);
    // Not awaited: the form is ready for the next key at once (a disabled submit button ignores Enter).
    refreshUsage().catch(complain);
  });
  onSubmit('forgot-form', async (form) => {
    const { message } = await api<{ message: string }>('account/password/forgot', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    form.hidden = true;
    say(`${message} (Running it locally? npm start prints the link in its terminal.)`);
  });
  onSubmit('reset-form', async (form) => {
    const { message } = await api<{ message: string }>('account/password/reset', {
      method: 'POST',
      body: { token: resetToken, ...formValues(form) },
    });
    resetToken = '';
    form.reset();
    form.hidden = true;
    say(message);
    $('signin-email').focus();
  });
  onSubmit('delete-form', async (form) => {
    // The password first, so a typo is said beside the form before the irreversible question (issue #40).
    await api('account/delete', { method: 'POST', body: { ...formValues(form), check_only: true } });
    if (!window.confirm('Delete your account and all its keys? This cannot be undone.')) return;
    const { message } = await api<{ message: string }>('account/delete', {
      method: 'POST',
      body: formValues(form),
    });
    form.reset();
    $('new-key').hidden = true;
    await showSession();
    say(message);
  });
  $('signout').addEventListener('click', () => {
    closeNewKey();
    api('account/signout', { method: 'POST' })
      .then(() => {
        $('new-key').hidden = true;
        say('Signed out.');
        return showSession();
      })
      .catch(complain);
  });
  $('copy-key').addEventListener('click', () => void copy('new-key-value', 'Key'));
  $('copy-curl').addEventListener('click', () => void copy('curl', 'Command'));
  $('refresh').addEventListener('click', () => {
    closeNewKey();
    refreshUsage()
      .then(() => say('Usage refreshed.'))
      .catch(complain);
  });
  setInterval(refreshWhenDue, 5_000);
  document.addEventListener('visibilitychange', refreshWhenDue);
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="group"]'))
    radio.addEventListener('change', drawChart);
  $('usage-table').closest('details')!.addEventListener('toggle', showScrollHint);
  window.addEventListener('resize', showScrollHint);
  // A mailed link opened in a tab already on the dashboard changes only the fragment.
  window.addEventListener('hashchange', () => void followLink().catch(complain));
}

async function start(): Promise<void> {
  wire();
  await showSession();
  await followLink();
}

// The parts of the page ask the whole for these (view.ts `page`).
page.showSession = showSession;
page.refreshUsage = refreshUsage;

start().catch(complain);
