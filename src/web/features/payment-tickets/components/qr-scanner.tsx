import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconCamera, IconCameraOff } from '@tabler/icons-react'
import jsQR from 'jsqr'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

// Reads QR codes from the phone's (back) camera: frames of the video are decoded by the browser's
// BarcodeDetector where it has one, otherwise drawn into a canvas and decoded with jsQR. The same code seen
// again within a few seconds is reported once (a code held in front of the camera is one scan).

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type DetectorConstructor = new (options: { formats: string[] }) => Detector

const repeatWindowMs = 4000

function nativeDetector(): Detector | null {
  const Constructor = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector
  if (!Constructor) return null
  try {
    return new Constructor({ formats: ['qr_code'] })
  } catch {
    return null
  }
}

export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation()
  const videoRef = useRef<HTMLVideoElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const streamRef = useRef<MediaStream | null>(null)
  const frameRef = useRef<number | null>(null)
  const lastRef = useRef<{ code: string; at: number } | null>(null)
  const onCodeRef = useRef(onCode)
  const [active, setActive] = useState(false)
  const [error, setError] = useState<string | null>(null)
  onCodeRef.current = onCode

  const stop = useCallback(() => {
    if (frameRef.current !== null) cancelAnimationFrame(frameRef.current)
    frameRef.current = null
    streamRef.current?.getTracks().forEach((track) => track.stop())
    streamRef.current = null
    setActive(false)
  }, [])

  useEffect(() => stop, [stop])

  const report = (code: string) => {
    const now = Date.now()
    const last = lastRef.current
    if (last && last.code === code && now - last.at < repeatWindowMs) return
    lastRef.current = { code, at: now }
    onCodeRef.current(code)
  }

  const start = async () => {
    setError(null)
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(t('paymentTickets.checkIn.cameraUnsupported'))
      return
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      streamRef.current = stream
      const video = videoRef.current!
      video.srcObject = stream
      await video.play()
      setActive(true)
      const detector = nativeDetector()
      let busy = false
      const tick = async () => {
        frameRef.current = requestAnimationFrame(() => void tick())
        if (busy || video.readyState < 2) return
        busy = true
        try {
          if (detector) {
            const found = await detector.detect(video)
            if (found[0]?.rawValue) report(found[0].rawValue)
          } else {
            const canvas = canvasRef.current!
            canvas.width = video.videoWidth
            canvas.height = video.videoHeight
            const context = canvas.getContext('2d', { willReadFrequently: true })
            if (context && canvas.width > 0) {
              context.drawImage(video, 0, 0, canvas.width, canvas.height)
              const image = context.getImageData(0, 0, canvas.width, canvas.height)
              const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })
              if (found?.data) report(found.data)
            }
          }
        } finally {
          busy = false
        }
      }
      void tick()
    } catch {
      stop()
      setError(t('paymentTickets.checkIn.cameraDenied'))
    }
  }

  return (
    <Stack gap="xs">
      <Group>
        {active
          ? <Button variant="default" leftSection={<IconCameraOff size={16} />} onClick={stop} data-testid="camera-stop">{t('paymentTickets.checkIn.stopCamera')}</Button>
          : <Button leftSection={<IconCamera size={16} />} onClick={() => void start()} data-testid="camera-start">{t('paymentTickets.checkIn.startCamera')}</Button>}
      </Group>
      {error && <Alert color="yellow">{error}</Alert>}
      <video ref={videoRef} muted playsInline style={{ width: '100%', maxWidth: 480, borderRadius: 8, display: active ? 'block' : 'none', background: '#000' }} />
      <canvas ref={canvasRef} hidden />
    </Stack>
  )
}
