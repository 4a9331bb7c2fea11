import { ColorInput, type ColorInputProps } from '@mantine/core'

// A hex colour field. Mantine's ColorInput "fixes" the value on blur to the last valid colour it saw in an
// effect; a blur that comes before that effect ran (typing then tabbing away quickly) wiped a valid colour.
// The form's schema checks the colour instead, so nothing is reset behind the user's back.
export function HexColorInput(props: Omit<ColorInputProps, 'format' | 'fixOnBlur'>) {
  return <ColorInput format="hex" fixOnBlur={false} {...props} />
}
