// unpdf (pdf.js) for tests that read the PDFs the platform makes: tickets, certificates, stamped downloads.
// pdf.js calls ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks (Node 21+): added here once.
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length)
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)))
      return copy
    },
  })
}

export { extractImages, extractText } from 'unpdf'
