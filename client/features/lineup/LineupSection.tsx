import { type ReactNode, useId } from 'react'

interface LineupSectionProps<Group> {
  title: string
  groups: readonly Group[]
  keyOf: (group: Group) => string
  /** The grid's columns as the card grows (container queries). */
  gridClassName: string
  /** Each card's `render-when-visible-*` class: the height assumed while it is off screen. */
  itemClassName: string
  renderCard: (group: Group) => ReactNode
}

/** One view of the lineup ('By Date', 'By Stage'): a titled section with a grid of cards. */
export function LineupSection<Group>({
  title,
  groups,
  keyOf,
  gridClassName,
  itemClassName,
  renderCard,
}: LineupSectionProps<Group>) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        {title}
      </h3>
      <ul className={`mt-3 grid gap-3 ${gridClassName}`}>
        {groups.map((group) => (
          <li key={keyOf(group)} className={itemClassName}>
            {renderCard(group)}
          </li>
        ))}
      </ul>
    </section>
  )
}

interface LineupGroupCardProps {
  heading: ReactNode
  /** The heading's colour, which tells a day's card from a stage's. */
  headingClassName: string
  children: ReactNode
}

/** A card of a lineup section, named by its heading (a festival day, a stage). */
export function LineupGroupCard({ heading, headingClassName, children }: LineupGroupCardProps) {
  const headingId = useId()
  return (
    <article
      aria-labelledby={headingId}
      className="h-full rounded-xl border border-white/10 bg-night-800/70 p-4"
    >
      <h4 id={headingId} className={`font-semibold ${headingClassName}`}>
        {heading}
      </h4>
      {children}
    </article>
  )
}
