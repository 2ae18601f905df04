/**
 * The privacy notice shipped with the app, in Markdown, for an organiser to replace through
 * PRIVACY_FILE (docs/privacy.md). It says what the app stores and for how long, as the code does
 * it; `{{…}}` names are filled in from the configuration.
 */
export const DEFAULT_PRIVACY = `# Privacy notice

VibeConnect at {{festival}} stores only what it needs to run the app and the festival WiFi.
This notice says what that is, why, and for how long.

## What is stored, and for how long

| What | Why | Kept |
| --- | --- | --- |
| Your e-mail address, a hash of your password (never the password), when you signed up and last signed in | your account | until you delete it |
| Your sessions: when they started, the browser and address they came from | keeping you signed in, spotting misuse | until you sign out there, or delete your account |
| Your vibe: name, emoji, status | the live feed, seen by every signed-in user | until you change it or delete your account |
| Your starred sets, reminder choices, calendar and share links, whom you follow | My schedule | until you change them or delete your account |
| People you blocked | keeping them out of your feed and schedule | until you lift the block or delete your account |
| Your badges, the days you set a vibe, stage check-ins, your invite code and invites | the game | until you delete your account |
| Your WiFi pass, and each device it let online: a name such as "iPhone", the gateway, when it was seen; the device's hardware address only as a keyed hash | the festival WiFi | devices: {{wifiRetentionDays}} days after the festival (or after last seen); the pass until you delete your account |
| Browsers subscribed to reminders: the push service's address for that browser and its keys | sending your reminders | until you turn reminders off there, the push service says it expired, or you delete your account |
| Reports you make about a vibe, and what moderators did about it | keeping the feed safe | the report until you delete your account; the moderators' log keeps the action, not your data |
| Counters of sign-in attempts and e-mails sent, keyed by address or account | stopping abuse | {{rateLimitMinutes}} minutes |

The server's logs hold request times, paths and errors, never passwords, tokens or message
contents.

## On your phone

So that the app opens and works without a network, your browser keeps your sign-in, the app's
files, a copy of what the app last showed you (the lineup, the feed's first page, your vibe, your
schedule, your WiFi pass and level) and the changes you made offline until they are sent, with a
sign-in token to send them even once the app is closed. They stay in your browser, for you.
Signing out removes everything of yours from that browser; only the app's own files stay.

## What others see

Other festival-goers see your vibe (name, emoji, status, when you posted it) and, if you give
them your share link, the sets you starred. Nobody else sees your e-mail address.

## Your rights

- **A copy of your data**: in the app, your name at the top, then **Account**, then
  **Download my data** gives you a file with everything above that is about you. Secrets such as
  your password hash, your WiFi pass code and your links are left out of it (the app shows them).
- **Deleting your account**: in the same place, **Delete my account** removes your account and
  everything listed above at once, on every device; you are signed out everywhere.
- **Blocking**: block anyone from their entry in the feed.

Questions about your data? Ask the festival's information desk.
`
