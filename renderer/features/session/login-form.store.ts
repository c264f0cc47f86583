import { create } from 'zustand';

/**
 * The inline login form: hidden until asked for; cancel hides it, and what was typed goes with it (the form
 * holds the typed values while it is open). `email` is the address it opens with, when one is known.
 */
interface LoginFormState {
  open: boolean;
  email: string;
  show(prefillEmail?: string): void;
  toggle(): void;
  cancel(): void;
}

export const useLoginForm = create<LoginFormState>()((set, get) => ({
  open: false,
  email: '',
  show: (prefillEmail) => set({ open: true, ...(prefillEmail ? { email: prefillEmail } : {}) }),
  toggle: () => (get().open ? get().cancel() : set({ open: true })),
  cancel: () => set({ open: false, email: '' }),
}));
