import type { OutgoingMail } from './mailer'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function mail(
  kind: OutgoingMail['kind'],
  to: string,
  link: string,
  subject: string,
  lead: string,
  action: string,
): OutgoingMail {
  return {
    kind,
    to,
    link,
    subject,
    text: `${lead}\n\n${action}: ${link}\n\nThe link works once and expires in an hour. If this wasn't you, ignore this mail.`,
    html: `<p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>The link works once and expires in an hour. If this wasn't you, ignore this mail.</p>`,
  }
}

export const confirmationMail = (to: string, link: string) =>
  mail(
    'confirmation',
    to,
    link,
    'Confirm your VibeConnect account',
    'Welcome to VibeConnect! Confirm your e-mail address to get pre-access.',
    'Confirm my account',
  )

export const recoveryMail = (to: string, link: string) =>
  mail(
    'recovery',
    to,
    link,
    'Reset your VibeConnect password',
    'Someone (hopefully you) asked to reset your VibeConnect password.',
    'Choose a new password',
  )

export const reauthenticationMail = (to: string, code: string): OutgoingMail => ({
  kind: 'reauthentication',
  to,
  code,
  subject: 'Your VibeConnect verification code',
  text: `Your code to confirm a password change is ${code}.\n\nIt works once and expires in 10 minutes. If you did not ask to change your password, someone may have access to your account: sign out everywhere and reset your password.`,
  html: `<p>Your code to confirm a password change is <strong>${code}</strong>.</p><p>It works once and expires in 10 minutes. If you did not ask to change your password, someone may have access to your account: sign out everywhere and reset your password.</p>`,
})
