/**
 * The word list shipped for when MODERATION_WORDS_FILE is not set: a few words a festival does
 * not want in its feed (selling drugs, the worst slurs). Same format as the file (docs/safety.md):
 * one word or phrase a line, `*` at an end for "and longer words made from it", `#` comments.
 */
export const DEFAULT_WORDS = `
# Selling drugs
cocaine
coke for sale
mdma
ketamine
xtc
pills for sale
# Slurs
nigger*
faggot*
retard*
# Insults
fuck*
cunt*
`
