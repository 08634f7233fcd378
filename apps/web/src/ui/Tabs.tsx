import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  title: string;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): a labelled tablist whose active tab alone is in the tab
 * order, arrow keys, Home and End move between tabs, and the one panel shown is labelled by its tab.
 * Only the active panel is rendered, so a lazily loaded tab loads when it is first opened.
 */
export function Tabs<K extends string>({
  label,
  items,
  active,
  onSelect,
  children,
}: {
  label: string;
  items: ReadonlyArray<TabItem<K>>;
  active: K;
  onSelect: (key: K) => void;
  /** The active tab's panel. */
  children: ReactNode;
}) {
  const prefix = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${prefix}-tab-${key}`;
  const panelId = `${prefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === active);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(item.key))}`)?.focus();
  };

  return (
    <div className="tabs">
      <div ref={listRef} className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              id={tabId(item.key)}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(item.key)}
            >
              {item.title}
            </button>
          );
        })}
      </div>
      <div id={panelId} className="tabs__panel" role="tabpanel" aria-labelledby={tabId(active)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
