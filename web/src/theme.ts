import { byId } from './dom.js';

const themes = ['auto', 'light', 'dark'] as const;
type Theme = (typeof themes)[number];
const item = 'orator.theme';

/** Light, dark or the system's choice (the default), remembered in this browser. */
export function setUpTheme(): void {
  const button = byId<HTMLButtonElement>('theme');
  const apply = (theme: Theme) => {
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    button.setAttribute('aria-label', `Colour scheme: ${theme === 'auto' ? 'automatic' : theme}. Change it`);
    button.title = button.getAttribute('aria-label')!;
  };
  let theme = (localStorage.getItem(item) as Theme | null) ?? 'auto';
  apply(theme);
  button.addEventListener('click', () => {
    theme = themes[(themes.indexOf(theme) + 1) % themes.length];
    localStorage.setItem(item, theme);
    apply(theme);
  });
}
