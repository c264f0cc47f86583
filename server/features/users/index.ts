// What other features may use of users; the rest of the folder is its own (npm run lint holds them to this).
export { saveAvatar } from './avatar';
export { currentlyReadingTable, type CurrentlyReadingRow } from './currently-reading.entity';
export { setShelfReading, type ShelfReading } from './shelf-reading';
