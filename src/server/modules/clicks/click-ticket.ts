/**
 * A signed-in shopper's click-outs are attributed to them through a click ticket: the web app follows a plain
 * link (`/go/{offerId}?from=product&u=<ticket>`), which carries no Authorization header, so it asks once per
 * session for a ticket (GET /api/clicks/ticket) and adds it to its links. The ticket is signed with a key
 * derived from the JWT secret for this purpose only: it names the user for click statistics and can never be
 * used as a sign-in token (the auth plugin's key does not verify it).
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const TICKET_TTL_SECONDS = 24 * 60 * 60;
const AUDIENCE = 'bachat-click';

export class ClickTickets {
  private readonly key: Uint8Array;

  constructor(jwtSecret: Uint8Array) {
    this.key = new Uint8Array(createHmac('sha256', jwtSecret).update('click-ticket-v1').digest());
  }

  async issue(userId: number): Promise<{ ticket: string; expiresAt: string }> {
    const expires = Math.floor(Date.now() / 1000) + TICKET_TTL_SECONDS;
    const ticket = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setAudience(AUDIENCE)
      .setExpirationTime(expires)
      .sign(this.key);
    return { ticket, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** The user a ticket names, or null for a missing, forged or expired one (the click still counts, anonymously). */
  async userOf(ticket: string | undefined): Promise<number | null> {
    if (!ticket || ticket.length > 1000) return null;
    try {
      const { payload } = await jwtVerify(ticket, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      const id = Number(payload.sub);
      return Number.isInteger(id) && id > 0 ? id : null;
    } catch {
      return null;
    }
  }
}
