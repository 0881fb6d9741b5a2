/** Placeholder until the accounts issue builds the dialog. */
export function AuthDialog() {
  return null;
}
