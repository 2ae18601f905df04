import { describe, expect, it } from 'vitest'
import { gatewayHashes } from './authmon'
import { openndsUrlEncode } from './fas-query'

// Seen from Debian's openNDS 9.10.0 in the lab (server/wifi/lab) with this gatewayname: what
// `ndsctl json` and the FAS query carried, and the hash authmon posted ("gatewayname digest").
const NAME = 'Fête (North), Gate!*~'
const OPENNDS_ENCODED = 'F%c3%aate%20%28North%29%2c%20Gate%21%2a~'
const OPENNDS_HASH = '24aa2a27c9789c68c62aee30b43fa523c2f9b2b8d4ac854a642b86803f89d928'

describe('the gateway as openNDS names it', () => {
  it('URL-encodes the name as openNDS does', () => {
    expect(openndsUrlEncode(NAME)).toBe(OPENNDS_ENCODED)
    expect(openndsUrlEncode('Sunwave-Lab_1.0~')).toBe('Sunwave-Lab_1.0~')
  })

  it("knows authmon's gateway hash for a name with an accent, a comma and brackets", () => {
    const gateway = { id: 'north', name: NAME, faskey: 'k'.repeat(32), level: 3 as const }
    expect(gatewayHashes(gateway)).toContain(OPENNDS_HASH)
  })
})
