import { create } from 'zustand';

export interface SessionUser {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  cover_url: string | null;
}

interface AuthState {
  loggedIn: boolean;
  user: SessionUser | null;
  setUser(user: SessionUser): void;
  clear(): void;
}

/** The spec's auth state: set user makes loggedIn true; clear makes it false and empties user. */
export const useAuth = create<AuthState>((set) => ({
  loggedIn: false,
  user: null,
  setUser: (user) => set({ loggedIn: true, user }),
  clear: () => set({ loggedIn: false, user: null }),
}));
