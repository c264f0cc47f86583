// What other features may use of session; the rest of the folder is its own (npm run lint holds them to this).
export { useLoginForm } from './login-form.store';
export { signedIn } from './session';
