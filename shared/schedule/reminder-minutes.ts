/** How long before a starred set a reminder may come, in minutes (zod-free: the browser reads it). */
export const REMINDER_MINUTES = [5, 10, 15, 30] as const
