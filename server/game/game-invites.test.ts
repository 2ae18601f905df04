import { describe, expect, it } from 'vitest'
import { type SignedUpUser, signUpUser } from '../test/auth-helpers'
import { acceptInvite, awardedBadges, gameFile, gameOf, inviteCodeOf } from '../test/game-helpers'
import { useTestApp } from '../test/test-app'
import { postVibe } from '../test/vibe-helpers'

const CAP = 2

describe('crew invites', () => {
  const t = useTestApp({
    GAME_CONFIG_FILE: gameFile((game) => ({
      ...game,
      quests: {
        ...game.quests,
        crew: { points: 20, target: 1, pointsEach: 20, maxPerInviter: CAP },
      },
    })),
  })

  /** Signs up a friend who follows `inviter`'s link (and sets a vibe unless told not to). */
  async function invitedBy(inviter: SignedUpUser, withVibe = true): Promise<SignedUpUser> {
    const friend = await signUpUser(t)
    const code = await inviteCodeOf(t, inviter.accessToken)
    const answer = await acceptInvite(t, friend.accessToken, code)
    expect(answer.json(), answer.body).toEqual({ accepted: true })
    if (withVibe) await postVibe(t, friend)
    return friend
  }

  const pointsOf = async (user: SignedUpUser) => (await gameOf(t, user.accessToken)).points
  const hintOf = async (user: SignedUpUser) => (await gameOf(t, user.accessToken)).next?.hint
  const countedFor = async (inviterId: string) =>
    (
      await t.database.db
        .selectFrom('game_invites')
        .select('invitee_id')
        .where('inviter_id', '=', inviterId)
        .where('counted_at', 'is not', null)
        .execute()
    ).length

  it('refuses the invite back from a friend one invited: the pair counts once', async () => {
    const ana = await signUpUser(t)
    const ben = await invitedBy(ana, false)
    const back = await acceptInvite(t, ana.accessToken, await inviteCodeOf(t, ben.accessToken))
    expect(back.statusCode, back.body).toBe(409)
    expect(back.json()).toEqual({
      code: 'invite_mutual',
      message:
        'You invited this friend, so their link does not count for you: you are crew already.',
    })
    await postVibe(t, ana)
    await postVibe(t, ben)
    // Vibe set (20), Crew (20) and one friend (20) each: not two friends each.
    await expect.poll(() => pointsOf(ana)).toBe(60)
    await expect.poll(() => pointsOf(ben)).toBe(60)
  })

  it('refuses one side of a mutual invite even when both follow the links at once', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const [a, b] = [await signUpUser(t), await signUpUser(t)]
        return [
          { user: a, code: await inviteCodeOf(t, b.accessToken) },
          { user: b, code: await inviteCodeOf(t, a.accessToken) },
        ] as const
      }),
    )
    const answers = await Promise.all(
      pairs.map((pair) =>
        Promise.all(pair.map(({ user, code }) => acceptInvite(t, user.accessToken, code))),
      ),
    )
    for (const pair of answers) {
      expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    }
  })

  it('counts at most maxPerInviter friends, the one who invited me included, and the hint agrees', async () => {
    const host = await signUpUser(t)
    const me = await invitedBy(host)
    // Vibe set, Crew and my inviter: 60 points, level 2; one more friend reaches level 3.
    await expect.poll(() => pointsOf(me)).toBe(60)
    expect(await hintOf(me)).toBe('1 more friend')
    await invitedBy(me)
    await expect.poll(() => pointsOf(me)).toBe(80)
    // At the cap: no friend can help any more, stages can.
    expect(await hintOf(me)).toBe('3 more stages')
    const late = await invitedBy(me)
    await expect.poll(async () => awardedBadges(t, late.userId)).toEqual(['vibe-set'])
    expect(await pointsOf(me)).toBe(80)
    expect(await pointsOf(late)).toBe(20)
    const crew = (await gameOf(t, me.accessToken)).badges.find((badge) => badge.id === 'crew')
    expect(crew?.description).toContain(`up to ${CAP} friends`)
  })

  it('does not count an invite for a friend whose own crew is full', async () => {
    const host = await signUpUser(t)
    // A new account follows the host's link, shares its own before setting a vibe, and fills
    // its crew with two friends of its own.
    const busy = await invitedBy(host, false)
    await invitedBy(busy)
    await invitedBy(busy)
    await expect.poll(() => countedFor(busy.userId)).toBe(CAP)
    await postVibe(t, busy)
    await expect.poll(async () => awardedBadges(t, busy.userId)).toContain('vibe-set')
    // Counting the host's invite would give the busy friend 3: it counts for neither.
    expect(await countedFor(host.userId)).toBe(0)
    expect(await pointsOf(host)).toBe(0)
    expect(await pointsOf(busy)).toBe(20 + 20 + CAP * 20)
  })

  it('counts no more than the cap when several friends’ invites count at the same instant', async () => {
    const host = await signUpUser(t)
    const code = await inviteCodeOf(t, host.accessToken)
    // Friends who set their vibe first: following the link counts the invite there and then.
    const friends = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const friend = await signUpUser(t)
        await postVibe(t, friend)
        return friend
      }),
    )
    const answers = await Promise.all(
      friends.map((friend) => acceptInvite(t, friend.accessToken, code)),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(friends.map(() => 200))
    expect(await countedFor(host.userId)).toBe(CAP)
    expect(await pointsOf(host)).toBe(20 + CAP * 20)
  })
})
