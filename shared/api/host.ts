import { z } from 'zod';
import { answer, component, field, route } from './contract';

/**
 * The host's console (/admin/host): where members reach the club, how the club is doing, and its whole
 * backups. Admins only, but for GET /api/host/setup, which the host's own machine may read before the
 * club has any account (403 from elsewhere; 409 for everyone once it has one, as setup itself answers).
 */

/** Whole-club backups are uploaded to restore them; larger than this is no club's backup. */
export const BACKUP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** The backup archive's media type: a gzipped tar with manifest.json, the database and the images. */
export const BACKUP_MEDIA_TYPE = 'application/gzip';

export const hostAddressSchema = component(
  'HostAddress',
  'An address members can open the club at.',
  z.object({
    url: z.string().describe('The address, e.g. http://192.168.1.5:8080 or PUBLIC_URL.'),
    kind: z.enum(['public', 'lan']).describe('public: PUBLIC_URL (from anywhere); lan: this computer on one of its networks.'),
  }),
);
export type HostAddress = z.infer<typeof hostAddressSchema>;

const backupFileSchema = z.object({
  name: z.string().describe("The file's name in the backup folder."),
  bytes: z.number().int(),
  createdAt: field.dateTime(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

const backupKindSchema = z
  .enum(['download', 'scheduled', 'command', 'desktop'])
  .describe('Downloaded from the host page, made by the daily schedule, by `npm start -- backup`, or from the desktop menu.');
export type BackupKind = z.infer<typeof backupKindSchema>;

export const hostStatusSchema = component(
  'HostStatus',
  "The host page: addresses, the club's state, mail and backups.",
  z.object({
    siteName: z.string(),
    version: z.string().describe("Bookclub's version."),
    startedAt: field.dateTime().describe('When the server started (its uptime runs from here).'),
    dataDir: z.string().describe('The data folder on the host.'),
    databaseBytes: z.number().int().describe('The database, its write-ahead log included.'),
    imagesBytes: z.number().int().describe('Uploaded avatars and imported covers.'),
    membersOnline: z.number().int().describe('Accounts with a live connection now.'),
    addresses: z.array(hostAddressSchema).describe('PUBLIC_URL first, then every LAN address; none when the computer is on no network.'),
    mail: z.object({
      transport: z.enum(['smtp', 'outbox']).describe('smtp: SMTP_URL; outbox: written as .eml files to DATA_DIR/outbox.'),
      pending: z.number().int().describe('Mail not sent yet and not tried yet.'),
      failing: z.number().int().describe('Mail not sent yet whose tries failed; it is tried again later.'),
      lastError: z.string().nullable().describe("The mail server's last refusal among unsent mail."),
      lastErrorAt: field.dateTime().nullable(),
    }),
    backups: z.object({
      last: z.object({ at: field.dateTime(), kind: backupKindSchema }).nullable().describe('The last whole backup that was made, however it was made.'),
      scheduled: z.object({
        enabled: z.boolean().describe('BACKUPS_KEPT above 0.'),
        folder: z.string().describe('BACKUP_DIR.'),
        kept: z.number().int().describe('How many daily backups are kept (BACKUPS_KEPT).'),
        nextDueAt: field.dateTime().nullable(),
        lastFailure: z.object({ at: field.dateTime(), message: z.string() }).nullable().describe('Since the last daily backup that worked.'),
        files: z.array(backupFileSchema).describe('The daily backups in the folder, newest first.'),
      }),
    }),
  }),
);
export type HostStatus = z.infer<typeof hostStatusSchema>;

export const hostSetupSchema = component(
  'HostSetup',
  "What the host's own machine shows before the club has any account.",
  z.object({
    siteName: z.string(),
    setupCode: z.string().nullable().describe('The one-time code first-admin setup from another computer needs.'),
    addresses: z.array(hostAddressSchema),
  }),
);
export type HostSetup = z.infer<typeof hostSetupSchema>;

export const mailRetriedSchema = component(
  'MailRetried',
  'Unsent mail made due now.',
  z.object({ retried: z.number().int().describe('How many unsent mails will be tried again at once.') }),
);

/**
 * Whether what was typed names the club, to confirm a restore: its name, ignoring spaces around it, letter
 * case and how accents were composed. The server decides with it; the page offers the button with it.
 */
export function confirmsClubName(typed: string, siteName: string): boolean {
  const normalize = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase();
  return typed.trim().length > 0 && normalize(typed) === normalize(siteName);
}

export const restoreQuerySchema = z.object({
  clubName: z
    .string({ error: 'validation:restoreConfirmRequired' })
    .max(500, { error: 'validation:tooLong' })
    .describe("The club's name (SITE_NAME), typed to confirm that this club is replaced."),
});

export const restoredSchema = component(
  'Restored',
  'The backup passed every check; the club restarts on it a moment after this answer.',
  z.object({
    kind: z
      .enum(['archive', 'database'])
      .describe('archive: a whole-club backup; database: an older backup of the database alone (images and the token secret stay).'),
    createdAt: field.dateTime().nullable().describe('When the backup was made (archives only).'),
    appVersion: z.string().nullable().describe('The Bookclub that made it (archives only).'),
    counts: z.record(z.string(), z.number().int()).describe('What the backup holds: members, posts, votes, images...'),
    sessionsKept: z.boolean().describe('Whether members stay signed in: the backup brought the token secret that signed their sessions.'),
    keptAs: z.string().describe('The folder (in the data folder) the replaced club is kept in.'),
    bringsBack: z
      .object({
        asOf: field.dateTime().nullable().describe("The backup's moment (null for an older database-only backup, which does not say)."),
        what: z
          .array(z.enum(['passwords', 'sessions', 'calendarFeeds']))
          .describe(
            "What returns to that moment with the club: members' passwords, their signed-in sessions and their calendar feed links, including ones ended since.",
          ),
        notice: z.string().describe("The same said in a sentence, in the caller's language, with what to do about it."),
      })
      .describe(
        "A restore brings back what was so at the backup's moment: sessions and feed links ended since work again, and passwords changed since are the old ones. POST /api/host/end-sessions ends them all.",
      ),
  }),
);
export type Restored = z.infer<typeof restoredSchema>;

export const sessionsEndedSchema = component(
  'SessionsEnded',
  "Every member's sessions and calendar feeds were ended.",
  z.object({
    sessionsEnded: z.number().int().describe('Accounts whose sessions ended (every account).'),
    feedsRevoked: z.number().int().describe('Calendar feeds that stopped working.'),
    token: z.string().describe('A fresh session token for the admin who asked: theirs ended too, and this one keeps them signed in.'),
  }),
);
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const hostApi = {
  status: route({
    operationId: 'getHostStatus',
    method: 'get',
    path: '/api/host',
    tag: 'Host',
    summary: "The host page: addresses members can open, the club's state, the mail queue and backups.",
    who: 'admin',
    answer: answer.one(hostStatusSchema, "The club's state."),
  }),
  setup: route({
    operationId: 'getHostSetup',
    method: 'get',
    path: '/api/host/setup',
    tag: 'Host',
    summary: "The setup code and addresses, for the host's own machine while the club has no account yet.",
    who: 'anonymous',
    answer: answer.one(hostSetupSchema, 'The setup code and addresses.'),
    errors: { 403: ['hostMachineOnly'], 409: ['hostSetupOver'] },
  }),
  retryMail: route({
    operationId: 'retryMail',
    method: 'post',
    path: '/api/host/mail/retry',
    tag: 'Host',
    summary: 'Try every unsent mail again now, without waiting out its back-off.',
    who: 'admin',
    answer: answer.one(mailRetriedSchema, 'How many mails are tried again.'),
  }),
  backup: route({
    operationId: 'downloadBackup',
    method: 'get',
    path: '/api/host/backup',
    tag: 'Host',
    summary: 'A whole-club backup: the database (consistent while the club is used), the images and a manifest, in one archive.',
    who: 'admin',
    answer: { schema: z.string(), description: 'bookclub-backup-<date>.tar.gz, as an attachment.', mediaTypes: [BACKUP_MEDIA_TYPE] },
    errors: { 409: ['backupBusy'], 503: ['backupFailed'] },
  }),
  restore: route({
    operationId: 'restoreBackup',
    method: 'post',
    path: '/api/host/restore',
    tag: 'Host',
    summary: 'Replace the club with a backup (a whole-club archive, or an older database-only backup); the club restarts on it.',
    description:
      "The club's name and whether another backup or restore is under way are checked before the upload is read. The backup is checked against its manifest (each entry as it arrives) and its database against the schema its migrations make before anything changes; a refused file changes nothing. The replaced club is kept in the data folder. Members stay signed in only if the backup brought the token secret. The club returns to the backup's moment: passwords, sessions and calendar feed links as they were then (see bringsBack).",
    who: 'admin',
    query: restoreQuerySchema,
    upload: {
      field: 'backup',
      maxBytes: BACKUP_MAX_BYTES,
      mediaTypes: [BACKUP_MEDIA_TYPE, 'application/vnd.sqlite3', 'application/octet-stream'],
      description: 'A backup made by Bookclub (.tar.gz, or an older .db).',
      tooLargeKey: 'backupTooLarge',
      missingKey: 'backupMissing',
      storage: 'disk',
    },
    answer: answer.one(restoredSchema, 'What was restored; the club restarts a moment later.'),
    errors: {
      400: [
        'restoreConfirmWrong',
        'backupMissing',
        'backupNotRecognized',
        'backupIncomplete',
        'backupDamaged',
        'backupDatabaseDamaged',
        'backupTooNew',
        'backupDatabaseTooNew',
        'backupUnpacksTooLarge',
        'backupDatabaseTooLarge',
        'backupSchemaDiffers',
      ],
      409: ['backupBusy'],
      413: ['backupTooLarge'],
    },
  }),
  endSessions: route({
    operationId: 'endEverySession',
    method: 'post',
    path: '/api/host/end-sessions',
    tag: 'Host',
    summary: "End every member's sessions and calendar feeds at once, e.g. after a restore brought back ones ended since.",
    description:
      'Every session token stops working (401) and live connections close; every calendar feed address and the display link answer 404. The admin who asks is answered a fresh token, so the host page stays signed in.',
    who: 'admin',
    answer: answer.one(sessionsEndedSchema, 'What was ended, and the fresh token.'),
  }),
};
