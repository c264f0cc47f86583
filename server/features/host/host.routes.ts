import fs from 'node:fs';
import { hostApi } from '../../../shared/api/host';
import { ANSWERED, handle } from '../../http/contract-routes';
import type { HostService } from './host.service';

export function hostRoutes(host: HostService) {
  return [
    handle(hostApi.status, () => host.status()),
    handle(hostApi.setup, ({ ctx }) => host.setup(ctx.state.fromHostMachine)),
    handle(hostApi.retryMail, () => host.retryMail()),
    handle(hostApi.backup, async ({ ctx }): Promise<typeof ANSWERED> => {
      const { file, name } = await host.backup();
      const stream = fs.createReadStream(file);
      // Gone once sent, or once the download is abandoned: the data folder keeps no stray copies.
      stream.once('close', () => fs.rmSync(file, { force: true }));
      ctx.attachment(name);
      ctx.type = 'application/gzip';
      ctx.length = fs.statSync(file).size;
      ctx.body = stream;
      return ANSWERED;
    }),
    handle(hostApi.restore, ({ upload, ctx }) => host.restore(upload, ctx.state.language), {
      // The name and the lock are checked before the upload is read, and the lock held until the answer.
      aroundUpload: ({ query }, readUploadAndRestore) => host.beforeRestoreUpload(query.clubName, readUploadAndRestore),
    }),
    handle(hostApi.endSessions, ({ user }) => host.endEverySession(user)),
  ];
}
