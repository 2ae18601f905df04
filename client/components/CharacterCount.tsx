/** A visible `count/max` counter; it turns amber near the limit (with the number, not only colour). */
export function CharacterCount({ id, count, max }: { id: string; count: number; max: number }) {
  const nearLimit = count >= max * 0.9
  return (
    <p
      id={id}
      className={`text-right text-xs tabular-nums ${nearLimit ? 'font-semibold text-amber-300' : 'text-zinc-300'}`}
    >
      {count}/{max}
    </p>
  )
}
