/**
 * A WAI-ARIA tab list: a click or the arrow keys choose a tab. Each tab shows its own panel,
 * unless the tabs share one panel (`sharedPanel`), which `onShow` then refills.
 */
export function setUpTabs(list: HTMLElement, onShow: (tab: HTMLButtonElement) => void = () => undefined, sharedPanel = false): void {
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role=tab]')];
  const select = (tab: HTMLButtonElement) => {
    for (const t of tabs) {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
      if (panel && !sharedPanel) panel.hidden = !selected;
    }
    onShow(tab);
  };
  for (const tab of tabs) tab.addEventListener('click', () => select(tab));
  list.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    tab.focus();
    select(tab);
  });
}
