import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { displayName, useAuth } from '~/lib/auth-store';
import { ChevronDownIcon, LibraryIcon, LogoutIcon, SettingsIcon } from '~/ui/icons';
import { Avatar } from './avatar';
import { useSignOut } from './use-sign-out';

const t = mn.account;
const itemClass =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium text-ink hover:bg-surface focus-visible:bg-brand-soft focus-visible:text-brand focus-visible:outline-none';

/**
 * The signed-in user's menu in the header: name (or 'Хэрэглэгч') and ID, My library, Settings,
 * Log out. A menu button: Enter, Space or ArrowDown opens it on the first item, arrows move,
 * Escape closes it and gives focus back to the button; a click outside or on an item closes it.
 */
export function AccountMenu() {
  const user = useAuth((state) => state.user);
  const { signOut, pending } = useSignOut();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!user) return null;
  const name = displayName(user);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-ink hover:bg-brand-soft sm:pr-3"
      >
        <Avatar user={user} size={36} />
        <span className="sr-only max-w-36 truncate sm:not-sr-only">{name}</span>
        <ChevronDownIcon width={16} height={16} className="hidden text-muted sm:block" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t.menu}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-2xl border border-line bg-white py-1 shadow-xl"
        >
          <div role="presentation" className="flex items-center gap-3 border-b border-line px-4 py-3">
            <Avatar user={user} size={40} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{name}</p>
              <p className="text-xs text-muted">{t.id(user.id)}</p>
            </div>
          </div>
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/my-library/books"
            onClick={() => setOpen(false)}
            className={itemClass}
          >
            <LibraryIcon width={20} height={20} className="text-muted" />
            {t.myLibrary}
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/settings" onClick={() => setOpen(false)} className={itemClass}>
            <SettingsIcon width={20} height={20} className="text-muted" />
            {t.settings}
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            disabled={pending}
            onClick={() => void signOut()}
            className={`${itemClass} border-t border-line`}
          >
            <LogoutIcon width={20} height={20} className="text-muted" />
            {t.logout}
          </button>
        </div>
      ) : null}
    </div>
  );
}
