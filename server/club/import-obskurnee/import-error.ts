/** Something about the file that the host can fix or must know: printed as it is, without a stack. */
export class ImportError extends Error {}
