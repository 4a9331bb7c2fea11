import { useEffect, useState } from 'react'

const pad = (n: number) => String(n).padStart(2, '0')

export function remainingText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / 3600)
  const clock = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
  return hours > 0 ? `${hours}:${clock}` : clock
}

/**
 * The theme's countdown (countdown_minutes, countdown_text, countdown_color): it starts when the payer
 * opens the page and keeps running across reloads in the same tab. The server's HTML shows the full time;
 * the browser counts down after hydration, so the first render matches the HTML.
 */
export function Countdown({ minutes, text, storageKey }: { minutes: number; text: string; storageKey: string }) {
  const total = minutes * 60
  const [left, setLeft] = useState(total)
  useEffect(() => {
    let started = Date.now()
    try {
      const stored = Number(sessionStorage.getItem(storageKey))
      if (stored > 0 && stored <= started) started = stored
      else sessionStorage.setItem(storageKey, String(started))
    } catch {
      // storage refused (private mode): count from now
    }
    const tick = () => setLeft(total - (Date.now() - started) / 1000)
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [total, storageKey])
  return (
    <div className="sf-countdown" data-testid="countdown" role="timer">
      <span>{text}</span> <strong>{remainingText(left)}</strong>
    </div>
  )
}
