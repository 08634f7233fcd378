import { z } from 'zod';

/**
 * The client's live sessions (settings, "Sessions and devices"): where each was opened (browser and
 * system from the user agent, the address masked), when, and when last used; the one making the
 * request is marked. Any other one can be ended; its next request is a 401.
 */
export const deviceKindSchema = z.enum(['desktop', 'mobile', 'tablet', 'other']);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

export const clientSessionSchema = z.object({
  id: z.uuid(),
  /** e.g. "Chrome 131"; null when the user agent says nothing recognisable. */
  browser: z.string().nullable(),
  /** e.g. "Windows 11", "iOS 18.1"; null when unknown. */
  os: z.string().nullable(),
  kind: deviceKindSchema,
  /** The address with its last part hidden: "203.0.113.•••" or "2001:db8:85a3:…"; null when unknown. */
  ipMasked: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  current: z.boolean(),
});
export type ClientSession = z.infer<typeof clientSessionSchema>;

/** GET /api/user/sessions */
export const clientSessionsResponseSchema = z.object({ sessions: z.array(clientSessionSchema) });
export type ClientSessionsResponse = z.infer<typeof clientSessionsResponseSchema>;

/** DELETE /api/user/sessions/:id */
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'validation.session.unknown' }) });

/** POST /api/user/sessions/end-others: how many sessions were ended. */
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;
