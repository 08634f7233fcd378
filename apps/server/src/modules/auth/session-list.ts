import type { ClientSessionsResponse, EndOtherSessionsResponse } from '@bank/contracts/auth/sessions';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { describeDevice, maskIp } from './device-description';
import { listLiveSessions, revokeAllSessions, revokeSubjectSession } from './sessions';

/**
 * The client's own live sessions (settings, "Sessions and devices"), and ending them: one, or all
 * but the one asking. Every query is scoped to the signed-in client; a session ended here is
 * refused on its next request, since the guard reads revocation on every request (sessions.ts).
 */
export interface ClientSessionRef {
  clientId: string;
  sessionId: string;
}

export async function listClientSessions(db: Db, me: ClientSessionRef): Promise<ClientSessionsResponse> {
  const live = await listLiveSessions(db, 'client', me.clientId);
  // This device first, then the others, the most recently used first.
  const sessions = [...live.filter((session) => session.id === me.sessionId), ...live.filter((session) => session.id !== me.sessionId)];
  return {
    sessions: sessions.map((session) => {
      const device = describeDevice(session.userAgent);
      return {
        id: session.id,
        browser: device.browser,
        os: device.os,
        kind: device.kind,
        ipMasked: maskIp(session.ip),
        signedInAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        current: session.id === me.sessionId,
      };
    }),
  };
}

/** Ends one of the client's sessions; another client's, or one already ended, is a 404. */
export async function endClientSession(db: Db, me: ClientSessionRef, sessionId: string, ip: string): Promise<void> {
  const ended = await revokeSubjectSession(db, 'client', me.clientId, sessionId);
  if (!ended) throw new AppError('NOT_FOUND', { message: 'No such session' });
  await recordAudit(db, {
    actorType: 'client',
    actorId: me.clientId,
    action: 'auth.sessionEnded',
    subjectType: 'client',
    subjectId: me.clientId,
    ip,
    after: { sessionId, own: sessionId === me.sessionId },
  });
}

/** Ends every session of the client but the one asking. */
export async function endOtherClientSessions(db: Db, me: ClientSessionRef, ip: string): Promise<EndOtherSessionsResponse> {
  const ended = await revokeAllSessions(db, 'client', me.clientId, me.sessionId);
  await recordAudit(db, {
    actorType: 'client',
    actorId: me.clientId,
    action: 'auth.otherSessionsEnded',
    subjectType: 'client',
    subjectId: me.clientId,
    ip,
    after: { ended },
  });
  return { ended };
}
