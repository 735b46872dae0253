import { ApiProblem, describe } from './api.js';
import { byId, say } from './dom.js';
import { creditsLeft, current, rememberKey, rememberToken, session } from './session.js';
import type { Subscription } from './types.js';

const number = new Intl.NumberFormat('en');

/** Reads `GET /v1/users/me/subscription` and shows the plan, credits left and limits. */
export async function refreshAccount(): Promise<Subscription> {
  const subscription = await current.json<Subscription>('/v1/users/me/subscription');
  session.subscription = subscription;
  byId('acct-plan').textContent = subscription.plan;
  byId('acct-credits').textContent = `${number.format(creditsLeft())} of ${number.format(subscription.credits.plan_credits)}`;
  byId('acct-concurrency').textContent = String(subscription.limits.concurrency_limit);
  byId('acct-slots').textContent = String(subscription.limits.custom_voice_slot);
  byId('account').hidden = false;
  byId('sign-out').hidden = false;
  document.dispatchEvent(new CustomEvent('account-changed'));
  return subscription;
}

/**
 * The sign-in form: a key is kept only when the server accepts it. `onSignedIn` builds the rest of
 * the page; `onSignedOut` hides it.
 */
export function setUpSignIn(onSignedIn: () => Promise<void>, onSignedOut: () => void): { start(): Promise<void> } {
  const form = byId<HTMLFormElement>('sign-in-form');
  const input = byId<HTMLInputElement>('api-key');
  const error = byId('sign-in-error');
  const showSignIn = () => {
    byId('sign-in').hidden = false;
    byId('app').hidden = true;
    byId('account').hidden = true;
    byId('sign-out').hidden = true;
    input.focus();
  };
  const enter = async (): Promise<void> => {
    await refreshAccount();
    byId('sign-in').hidden = true;
    byId('app').hidden = false;
    await onSignedIn();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (!key) {
      input.setAttribute('aria-invalid', 'true');
      return say(error, 'Type your API key first.');
    }
    const button = form.querySelector('button')!;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    rememberKey(key);
    try {
      await enter();
      input.value = '';
      input.removeAttribute('aria-invalid');
      say(error, '');
    } catch (problem) {
      rememberKey('');
      input.setAttribute('aria-invalid', 'true');
      say(error, problem instanceof ApiProblem && problem.status === 401 ? `That key was refused: ${problem.message}` : describe(problem));
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  });
  byId('sign-out').addEventListener('click', () => {
    // Both credentials go: the browser forgets everything it was given.
    rememberKey('');
    rememberToken('');
    byId<HTMLInputElement>('api-token').value = '';
    session.subscription = null;
    onSignedOut();
    showSignIn();
  });
  return {
    async start() {
      if (!session.apiKey) return showSignIn();
      try {
        await enter();
      } catch (problem) {
        if (problem instanceof ApiProblem && problem.status === 401) rememberKey('');
        showSignIn();
        say(error, describe(problem));
      }
    },
  };
}
