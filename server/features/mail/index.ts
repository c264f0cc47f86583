// What other parts of the server may use of mail; the rest of the folder is its own (npm run lint holds them to this).
export { CpuPacer, type CpuPacerOptions } from './cpu-pacer';
export { createMailQueue, type MailConfig } from './mail-setup';
export { mailTable } from './mail.entity';
