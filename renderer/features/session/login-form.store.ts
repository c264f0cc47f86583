import { create } from 'zustand';

/** The inline login form: hidden until asked for; cancel hides it and clears what was typed. */
interface LoginFormState {
  open: boolean;
  email: string;
  password: string;
  show(prefillEmail?: string): void;
  toggle(): void;
  cancel(): void;
  setField(field: 'email' | 'password', value: string): void;
}

export const useLoginForm = create<LoginFormState>()((set, get) => ({
  open: false,
  email: '',
  password: '',
  show: (prefillEmail) => set({ open: true, ...(prefillEmail ? { email: prefillEmail } : {}) }),
  toggle: () => (get().open ? get().cancel() : set({ open: true })),
  cancel: () => set({ open: false, email: '', password: '' }),
  setField: (field, value) => set({ [field]: value } as Pick<LoginFormState, typeof field>),
}));
