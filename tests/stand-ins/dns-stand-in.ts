import dns2 from 'dns2'

// A DNS server on 127.0.0.1 (UDP, a random port) answering TXT and CNAME questions from a table the test
// fills; any other name answers NXDOMAIN. The domain checks ask it through DNS_SERVERS.

export type DnsStandIn = {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  server: string
  txt: Map<string, string[]>
  cname: Map<string, string>
  /** Names asked, in order (`TXT _sellfront.shop.example.com`). */
  questions: string[]
  close(): Promise<void>
}

/** What the server writes for an answer (the library's typings want its own class). */
type Answer = { name: string; type: number; class: number; ttl: number; data?: string; domain?: string }

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const { Packet } = dns2
  const txt = new Map<string, string[]>()
  const cname = new Map<string, string>()
  const questions: string[] = []
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions as unknown as { name: string; type: number }[]
      const answers = response.answers as unknown as Answer[]
      const name = question!.name.toLowerCase()
      const type = question!.type
      questions.push(`${type === Packet.TYPE.TXT ? 'TXT' : type === Packet.TYPE.CNAME ? 'CNAME' : type} ${name}`)
      const known = txt.has(name) || cname.has(name)
      if (type === Packet.TYPE.TXT) {
        for (const value of txt.get(name) ?? []) answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: value })
      } else if (type === Packet.TYPE.CNAME && cname.has(name)) {
        answers.push({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: cname.get(name)! })
      }
      if (!known) (response as unknown as { header: { rcode: number } }).header.rcode = 3
      send(response)
    },
  })
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } })
  const port = server.addresses().udp!.port
  return { server: `127.0.0.1:${port}`, txt, cname, questions, close: () => server.close() }
}
