import { type ComponentProps, useId } from 'react'

/** A one-line input in the app's field style, with its label above it (`ref` reaches the input). */
export function LabeledInput({ label, ...input }: { label: string } & ComponentProps<'input'>) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} className="field" {...input} />
    </div>
  )
}
