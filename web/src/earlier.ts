import { describe } from './api.js';
import { byId, h, say, setOptions } from './dom.js';
import { earlier, rememberToken, session } from './session.js';

interface Actor {
  actor_id: string;
  name: Record<string, string>;
}

interface Me {
  username: string;
  email: string;
  callback_url: string | null;
}

/** Languages `POST /api/speak` takes in actor mode (the interface document's list). */
const actorLanguages = [
  ['auto', 'Detect from the text'],
  ['en-us', 'English'],
  ['ko-kr', 'Korean'],
  ['ja-jp', 'Japanese'],
  ['es-es', 'Spanish'],
  ['zh-cn', 'Chinese'],
] as const;

/** The server's absolute URLs (built from PUBLIC_URL) as paths of this page's origin. */
const local = (url: string) => {
  const parsed = new URL(url, location.href);
  return `${parsed.pathname}${parsed.search}`;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The earlier interface, as its users drive it: `POST /api/speak`, then `GET /api/speak/v2/{id}`
 * once a second (the interface's polling floor) from `progress` to `done`, with the webhook URL
 * the server will call, then the signed download played.
 */
export class EarlierPanel {
  private readonly log = byId<HTMLOListElement>('earlier-log');
  private readonly error = byId('earlier-error');
  private callbackUrl: string | null = null;

  constructor() {
    setOptions(byId('earlier-lang'), actorLanguages.map(([value, label]) => ({ value, label })));
    byId<HTMLInputElement>('api-token').value = session.apiToken;
    byId('token-form').addEventListener('submit', (event) => {
      event.preventDefault();
      rememberToken(byId<HTMLInputElement>('api-token').value.trim());
      void this.load();
    });
    byId('callback-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.registerCallback();
    });
    byId('earlier-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
  }

  async load(): Promise<void> {
    say(this.error, '');
    const me = byId('earlier-me');
    if (!session.apiToken) return void (me.textContent = 'Type the API token to use this tab.');
    try {
      const [{ result: account }, { result: actors }] = await Promise.all([
        earlier.json<{ result: Me }>('/api/me'),
        earlier.json<{ result: Actor[] }>('/api/actor'),
      ]);
      this.callbackUrl = account.callback_url || null;
      me.textContent = `Signed in as ${account.username || account.email}. Webhook: ${this.callbackUrl ?? 'none registered'}.`;
      byId<HTMLInputElement>('callback-url').value = this.callbackUrl ?? '';
      setOptions(byId('actor'), actors.map((a) => ({ value: a.actor_id, label: `${a.name.en ?? a.actor_id}${a.name.ko ? ` (${a.name.ko})` : ''}` })));
    } catch (problem) {
      me.textContent = '';
      say(this.error, describe(problem));
    }
  }

  private async registerCallback(): Promise<void> {
    say(this.error, '');
    const url = byId<HTMLInputElement>('callback-url');
    url.removeAttribute('aria-invalid');
    try {
      const body = JSON.stringify({ callback_url: url.value.trim() });
      const { result } = await (await earlier.call('/api/me/callback-url', { method: 'PUT', body, headers: { 'content-type': 'application/json' } })).json();
      this.callbackUrl = result.callback_url;
      await this.load();
    } catch (problem) {
      url.setAttribute('aria-invalid', 'true');
      say(this.error, describe(problem));
    }
  }

  private entry(text: string): void {
    this.log.append(h('li', {}, text));
  }

  private async submit(): Promise<void> {
    say(this.error, '');
    this.log.replaceChildren();
    const player = byId<HTMLAudioElement>('earlier-player');
    player.hidden = true;
    const button = byId<HTMLButtonElement>('earlier-button');
    button.disabled = true;
    try {
      const body = {
        text: byId<HTMLTextAreaElement>('earlier-text').value,
        lang: byId<HTMLSelectElement>('earlier-lang').value,
        actor_id: byId<HTMLSelectElement>('actor').value,
        tts_mode: 'actor',
        xapi_audio_format: byId<HTMLSelectElement>('earlier-format').value,
        xapi_hd: byId<HTMLSelectElement>('earlier-hd').value === 'true',
      };
      const { result } = await (await earlier.postJson('/api/speak', body)).json();
      this.entry(`Created: ${result.speak_v2_url}`);
      this.entry(this.callbackUrl ? `Webhook registered: ${this.callbackUrl} (the server posts the result there too)` : 'No webhook registered: polling only');
      for (let polls = 0; polls < 600; polls++) {
        const { result: speak } = await earlier.json<{ result: { status: string; audio_download_url: string | null; duration: number | null } }>(local(result.speak_v2_url));
        const last = this.log.lastElementChild?.textContent ?? '';
        if (!last.startsWith(`Status: ${speak.status}`)) this.entry(`Status: ${speak.status}`);
        if (speak.status === 'failed') throw new Error('The speak failed.');
        if (speak.status === 'done' && speak.audio_download_url) {
          this.entry(`Done: ${speak.duration?.toFixed(2) ?? '?'} s of audio`);
          player.src = local(speak.audio_download_url);
          player.hidden = false;
          player.dataset.state = 'done';
          await player.play().catch(() => undefined);
          return;
        }
        await wait(1000);
      }
      throw new Error('The speak did not finish in 10 minutes.');
    } catch (problem) {
      say(this.error, describe(problem));
    } finally {
      button.disabled = false;
    }
  }
}
