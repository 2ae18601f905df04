import { useMemo } from 'react'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import type { Person } from '../../../shared/schedule/schedule.schema'
import { useCrew } from './crew.api'
import { SetNote } from './SetNote'
import { StarToggle } from './StarToggle'
import { useStarToggle } from './schedule.api'
import { useMyStars } from './use-my-stars'
import type { OpenedPicks } from './use-shared-picks'

/**
 * What my schedule adds to each set of the lineup, for the app to hand the lineup card: the star
 * toggle, and a note of who of my crew goes (people I follow, the friend whose picks I opened)
 * and of clashes with my other stars.
 */
export function useScheduleMarks(opened: OpenedPicks | undefined) {
  const { starKeyBySet, clashes } = useMyStars()
  const crew = useCrew().data
  const toggle = useStarToggle()
  return useMemo(() => {
    const people = new Map(crew?.following.map((person) => [person.userId, person]))
    const goingTo = (set: LineupSet): Person[] => {
      const going = (crew?.picks[set.key] ?? []).flatMap((id) => people.get(id) ?? [])
      if (opened?.keys.has(set.key) && !going.some((p) => p.userId === opened.owner.userId)) {
        going.unshift(opened.owner)
      }
      return going
    }
    return {
      action: (set: LineupSet, place: 'list' | 'timetable') => {
        const starKey = starKeyBySet.get(set.key)
        return (
          <StarToggle
            artist={set.name}
            starred={starKey !== undefined}
            compact={place === 'timetable'}
            starKey={starKey ?? set.key}
            onToggle={() => toggle(starKey ? { star: false, key: starKey } : { star: true, set })}
          />
        )
      },
      marked: (set: LineupSet) => starKeyBySet.has(set.key),
      note: (set: LineupSet, place: 'list' | 'timetable') => (
        <SetNote
          going={goingTo(set)}
          clashes={starKeyBySet.has(set.key) ? (clashes.get(set.key) ?? []) : []}
          compact={place === 'timetable'}
        />
      ),
    }
  }, [crew, opened, starKeyBySet, clashes, toggle])
}
