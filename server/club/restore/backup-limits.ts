// What a backup may hold at most: a restore refuses one beyond these before it fills the disk or the memory.

/** No club's backup unpacks to more; a file that would is refused before it fills the disk. */
export const MAX_UNPACKED_BYTES = 4 * 1024 ** 3;
/** No club's database is larger (a club of thousands of members and posts is some hundreds of MB). */
export const MAX_DATABASE_BYTES = 2 * 1024 ** 3;
/** No club holds more files (images, the database, the secret); a manifest listing more is refused at once. */
export const MAX_ENTRIES = 100_000;
/**
 * How much larger than the archive itself its files may be. A club's database compresses some 3 to 10
 * times, images not at all; gzip's own limit is about 1,000 times, which only a file of zeros reaches.
 * The allowance is added on top, so small clubs (mostly empty pages) never meet the ratio.
 */
export const MAX_INFLATION = 100;
export const INFLATION_ALLOWANCE = 64 * 1024 ** 2;
/** The tar stream around the files: headers and padding, at most a kilobyte an entry. */
export const TAR_OVERHEAD_PER_ENTRY = 1024;
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
