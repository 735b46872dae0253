import { setUpSignIn } from './account.js';
import { ClonePanel } from './clone.js';
import { byId } from './dom.js';
import { EarlierPanel } from './earlier.js';
import { loadCatalog } from './session.js';
import { SpeakPanel } from './speak.js';
import { setUpTabs } from './tabs.js';
import { setUpTheme } from './theme.js';
import { VoicePicker } from './voices.js';

/** Wires the page: sign in first, then the catalog, the Speak form, cloning and the earlier interface. */
async function main(): Promise<void> {
  setUpTheme();
  const catalog = await loadCatalog();
  let picker: VoicePicker | null = null;
  const speak = new SpeakPanel(catalog, (voice) => picker?.nameOf(voice) ?? voice.voice_id);
  picker = new VoicePicker(catalog, (voice) => speak.setVoice(voice));
  const showSpeak = () => byId('tab-speak').click();
  const clone = new ClonePanel(
    catalog,
    async (voiceId) => {
      // Every filter back to “Any”, so that the new voice is in the list, chosen.
      byId<HTMLFormElement>('filters').reset();
      await picker!.load(voiceId);
      showSpeak();
      byId('text').focus();
    },
    () => picker!.load(),
  );
  const earlierPanel = new EarlierPanel();
  setUpTabs(byId('tab-speak').parentElement!, (tab) => {
    if (tab.id === 'tab-clone') void clone.load();
    if (tab.id === 'tab-earlier') void earlierPanel.load();
  });
  const signIn = setUpSignIn(
    async () => {
      await picker!.load();
    },
    () => undefined,
  );
  await signIn.start();
  byId('loading').hidden = true;
  document.body.dataset.ready = 'true';
}

main().catch((error: Error) => {
  byId('loading').hidden = true;
  const notice = byId('notice');
  notice.textContent = `The playground could not start: ${error.message}`;
  notice.hidden = false;
});
