import { eq } from 'drizzle-orm';
import type { BachatApp } from '@/server/app';
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { signUpAndLogIn } from './build-test-app';

/** Signs up a fresh account, makes it an operator (as `npm run admin -- promote` does) and logs it in. */
export async function signUpOperator(app: BachatApp, db: Database, name = 'operator') {
  const session = await signUpAndLogIn(app, name);
  await db.update(users).set({ role: 'operator' }).where(eq(users.email, session.user.email));
  return session;
}
