import { type InputHTMLAttributes, useId } from 'react'

/** A one-line input in the app's field style, with its label above it. */
export function LabeledInput({
  label,
  ...input
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
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
