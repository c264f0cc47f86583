// What other features and the server may use of the demo club; the rest of the folder is its own.
export type { DemoService } from './demo.service';
export { seedDemoClub, type DemoSeedOptions, type SeededDemo } from './seed-demo-club';
