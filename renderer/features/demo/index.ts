// What the app frame and other features may use of the demo club; the rest of the folder is its own.
export { DemoBanner } from './DemoBanner';
export { DemoSignIn } from './DemoSignIn';
