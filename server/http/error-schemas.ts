import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'

/** Every data route's error answers: the one envelope, for any 4xx and 5xx. */
export const dataErrors = { '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema }
