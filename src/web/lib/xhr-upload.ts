import type { UploadProgress } from './api-client'

// fetch reports no upload progress (request streams need HTTP/2 and are not in every browser), so
// calls that show a progress bar are sent with XMLHttpRequest and answered as a fetch Response, which
// keeps the api client's session handling one code path (docs/decisions/0043-editor-uploads-and-confirmations.md).

function headersOf(raw: string): Headers {
  const headers = new Headers()
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':')
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
  }
  return headers
}

export function xhrUpload(url: string, init: RequestInit, onProgress: (progress: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method ?? 'POST', url)
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 })
    xhr.onload = () => {
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }))
    }
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'))
    const signal = init.signal
    if (signal) {
      if (signal.aborted) return reject(new DOMException('The upload was canceled', 'AbortError'))
      signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
  })
}
