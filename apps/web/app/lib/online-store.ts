import { create } from 'zustand';

/** Whether the browser believes it is online; true during server rendering. */
export const useOnline = create<{ online: boolean; set(online: boolean): void }>((set) => ({
  online: true,
  set: (online) => set({ online }),
}));
