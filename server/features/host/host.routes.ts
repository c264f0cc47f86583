import fs from 'node:fs';
import { hostApi } from '../../../shared/api/host';
import { ANSWERED, routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { HostService } from './host.service';

const implement = routeImplementer<User>();

export function hostRoutes(host: HostService) {
  return implement(hostApi, {
    status: () => host.status(),
    setup: ({ ctx }) => host.setup(ctx.state.fromHostMachine),
    retryMail: () => host.retryMail(),
    backup: async ({ ctx }): Promise<typeof ANSWERED> => {
      const { file, name } = await host.backup();
      const stream = fs.createReadStream(file);
      // Gone once sent, or once the download is abandoned: the data folder keeps no stray copies.
      stream.once('close', () => fs.rmSync(file, { force: true }));
      ctx.attachment(name);
      ctx.type = 'application/gzip';
      ctx.length = fs.statSync(file).size;
      ctx.body = stream;
      return ANSWERED;
    },
    restore: {
      handler: ({ upload, ctx }) => host.restore(upload, ctx.state.language),
      // The name and the lock are checked before the upload is read, and the lock held until the answer.
      aroundUpload: ({ query }, readUploadAndRestore) => host.beforeRestoreUpload(query.clubName, readUploadAndRestore),
    },
    endSessions: ({ user }) => host.endEverySession(user),
  });
}
