// What other features may use of shelves; the rest of the folder is its own (npm run lint holds them to this).
export { ShelvesCard } from './ShelvesCard';
