import { create } from 'zustand';

/** The spec's toast lifetime. */
export const TOAST_MS = 2_500;

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

interface ToastState {
  toasts: Toast[];
  show(kind: Toast['kind'], text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Success and failure messages at the bottom of the screen; each hides itself after 2.5 s. */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, text) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, text }] });
    setTimeout(() => get().dismiss(id), TOAST_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const toast = {
  success: (text: string) => useToasts.getState().show('success', text),
  error: (text: string) => useToasts.getState().show('error', text),
  info: (text: string) => useToasts.getState().show('info', text),
};
