import { create } from 'zustand';
import type { User } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { safe } from './device';

/** What the header and pages need of the signed-in user; kept in localStorage as `user_data`. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'phone' | 'cover_url'>;

/** The spec's local storage keys. The web keeps no token: its session is an HttpOnly cookie. */
export const USER_DATA_KEY = 'user_data';
export const ACCESS_TOKEN_KEY = 'access_token';

interface AuthState {
  loggedIn: boolean;
  user: SessionUser | null;
  /** counts sign-ins and sign-outs, so a session check that started before one is ignored */
  version: number;
  setUser(user: SessionUser): void;
  clear(): void;
}

/**
 * The spec's auth state: set user makes loggedIn true; clear makes it false and empties user.
 * Both mirror into localStorage, so a reload shows the header of the right person at once
 * (the session check that follows has the last word).
 */
export const useAuth = create<AuthState>((set) => ({
  loggedIn: false,
  user: null,
  version: 0,
  setUser: (user) => {
    const kept: SessionUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      cover_url: user.cover_url,
    };
    safe(() => localStorage.setItem(USER_DATA_KEY, JSON.stringify(kept)), undefined);
    set((state) => ({ loggedIn: true, user: kept, version: state.version + 1 }));
  },
  clear: () => {
    safe(() => {
      localStorage.removeItem(USER_DATA_KEY);
      // Written by older clients that kept a bearer token; the web never needs one.
      localStorage.removeItem(ACCESS_TOKEN_KEY);
    }, undefined);
    set((state) => ({ loggedIn: false, user: null, version: state.version + 1 }));
  },
}));

/** The user kept by the last visit, if it looks like one. */
export function storedUser(storage: Storage = localStorage): SessionUser | null {
  const raw = safe(() => storage.getItem(USER_DATA_KEY), null);
  if (!raw) return null;
  const value = safe(() => JSON.parse(raw) as unknown, null);
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Partial<SessionUser>;
  if (typeof user.id !== 'number') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: user.id,
    name: text(user.name) ?? '',
    email: text(user.email),
    phone: text(user.phone),
    cover_url: text(user.cover_url),
  };
}

/** The name to show: the user's, or the spec's 'Хэрэглэгч' when empty. */
export function displayName(user: Pick<SessionUser, 'name'> | null): string {
  return user?.name?.trim() || mn.user.defaultName;
}
