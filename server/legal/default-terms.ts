/**
 * The Terms of Service shipped with the app, in Markdown, for an organiser to replace through
 * TERMS_FILE (docs/privacy.md). `{{…}}` names are filled in from the configuration.
 */
export const DEFAULT_TERMS = `# Terms of Service

These terms cover VibeConnect at {{festival}}: the app, its live feed of vibes, the lineup and
schedule, the game and the festival WiFi that {{wifiProvider}} provides through it. By creating an
account or connecting, you agree to them.

## Your account

- One account per person. Keep your password to yourself; you are responsible for what is done
  with your account.
- You can delete your account at any time in the app (your name at the top, then **Account**).
  Deleting it removes everything stored about you: see the [privacy notice](/privacy).

## What you post

- Your vibe (a name, an emoji and a short status) is shown to every signed-in festival-goer.
  Post only what you are happy for the whole festival to read.
- No harassment, threats, hate, impersonation of another person, selling of drugs or anything
  else that is illegal, and no advertising.
- If someone bothers you, block them: neither of you will see the other's vibe or shared picks
  any more. You can lift a block from your account settings.
- The organiser may hide or remove vibes that break these rules, and suspend accounts that do.

## The festival WiFi

- The WiFi is a shared, best-effort service with limits on time and devices, which your level in
  the game raises. Do not use it for anything illegal or to disturb the network.
- Access may be cut off for a device or account that abuses it.

## The service

- VibeConnect is offered as it is, for the festival. It may change, pause or end, and we do not
  promise that it is always available or error-free.
- These terms may be updated; the app links to the current version.

Questions? Ask the festival's information desk.
`
