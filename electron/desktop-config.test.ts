import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopServerConfig } from './desktop-config';

const userDataDir = path.resolve('/home/reader/.config/Bookclub');
const rendererDir = path.resolve('/opt/Bookclub/resources/app.asar/dist/renderer');

describe('desktopServerConfig', () => {
  it('keeps the data in the user-data folder and listens on the LAN from port 8080', () => {
    expect(desktopServerConfig({ userDataDir, rendererDir, env: {} })).toEqual({
      dataDir: path.join(userDataDir, 'data'),
      port: 8080,
      host: '0.0.0.0',
      publicUrl: undefined,
      siteName: 'Bookclub',
      defaultLanguage: 'en',
      matrixRoomLink: null,
      smtpUrl: null,
      rendererDir,
    });
  });

  it('takes the headless settings from the environment, but not the data folder or host', () => {
    const config = desktopServerConfig({
      userDataDir,
      rendererDir,
      env: {
        PORT: '9000',
        SMTP_URL: 'smtp://mail.example.org',
        SITE_NAME: 'Čitáreň',
        DATA_DIR: '/tmp/x',
        HOST: '10.0.0.1',
      },
    });
    expect(config).toMatchObject({
      port: 9000,
      smtpUrl: 'smtp://mail.example.org',
      siteName: 'Čitáreň',
      dataDir: path.join(userDataDir, 'data'),
      host: '0.0.0.0',
    });
  });

  it('refuses a bad setting with a readable message', () => {
    expect(() => desktopServerConfig({ userDataDir, rendererDir, env: { PORT: 'eighty' } })).toThrow(
      'PORT must be a whole number from 0 to 65535, not "eighty"',
    );
  });
});
